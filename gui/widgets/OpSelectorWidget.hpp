#pragma once
// Chooses the op, at the top of the "Op and device" panel: every op of the catalog by name,
// with its summary beside it and its PyTorch call in the tooltip. It and the catalog's table
// choose the same op (MainWindow keeps them in step).

#include <QWidget>

class QComboBox;
class QLabel;

namespace detbench::gui {

class OpSelectorWidget : public QWidget {
  Q_OBJECT

 public:
  explicit OpSelectorWidget(QWidget* parent = nullptr);

  QString op() const;
  // False (and nothing changes) for an op the catalog does not hold. Emits nothing.
  bool setOp(const QString& name);

 signals:
  // The user chose another op here.
  void opChosen(const QString& name);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();

  QLabel* label_;
  QComboBox* combo_;
  QLabel* summary_;
};

}  // namespace detbench::gui
