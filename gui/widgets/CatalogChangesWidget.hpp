#pragma once
// What the catalog says changed between an older PyTorch release and the one the settings
// follow: per op, the releases where its CUDA traits changed and how (deterministic mode, the
// alert's caller, the cuBLAS workspace rule, the note).

#include <QWidget>

#include "detbench/catalog/PyTorchRelease.hpp"

class QComboBox;
class QLabel;

namespace detbench::gui {

class CatalogChangesWidget : public QWidget {
  Q_OBJECT

 public:
  explicit CatalogChangesWidget(QWidget* parent = nullptr);

  // The release the settings follow (the newer end of the comparison).
  void setRelease(PyTorchRelease release);
  // The older end; for tests and saved layouts.
  void setSince(PyTorchRelease since);
  QString text() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void refresh();

  PyTorchRelease release_ = newestCatalogRelease();
  QLabel* caption_;
  QComboBox* since_;
  QLabel* changes_;
};

}  // namespace detbench::gui
