#pragma once
// The environment panel: tool and build, host, CPU, libraries, and every device with its
// information (driver, CUDA runtime, cuDNN and cuBLAS versions where the CUDA backend loads) or
// the reason it is unavailable.

#include <QWidget>

#include "detbench/report/Environment.hpp"

class QTreeWidget;

namespace detbench::gui {

class EnvironmentWidget : public QWidget {
  Q_OBJECT

 public:
  explicit EnvironmentWidget(QWidget* parent = nullptr);
  void setEnvironment(const Environment& env);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
  Environment env_;
  QTreeWidget* tree_;
};

}  // namespace detbench::gui
