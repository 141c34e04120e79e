#pragma once
// What a trace runs: the interpreter, the script, its arguments and working folder, the runs and
// the settings (each unset one leaves the script as written), the configurations, the window,
// the timeout and the second pass; "Use the example" fills it with the example script that
// ships with detbench, written out to a folder of its own.

#include <QWidget>
#include <memory>
#include <optional>

#include "controllers/TraceController.hpp"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace detbench::trace {
class ProbeFolder;
}

namespace detbench::gui {

class TraceSetupWidget : public QWidget {
  Q_OBJECT

 public:
  explicit TraceSetupWidget(QWidget* parent = nullptr);
  ~TraceSetupWidget() override;

  // The job the controls describe; nullopt with the reason for a bad value.
  std::optional<TraceJob> job(QString* why) const;
  // The example script with the lesson's settings (2 threads; default, seeded, deterministic).
  void useExample();
  void setScript(const QString& path, const QStringList& arguments = {});
  // The interpreter field, as the workbench's Python changes.
  void setPython(const QString& interpreter);

 signals:
  // The user typed another interpreter into the field (and left it): the workbench's Python
  // follows, where that one has PyTorch.
  void pythonEdited(const QString& interpreter);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();

  QLineEdit* python_;
  QLineEdit* script_;
  QPushButton* browseScript_;
  QLineEdit* arguments_;
  QLineEdit* workingDir_;
  QPushButton* browseDir_;
  QPushButton* example_;
  QSpinBox* runs_;
  std::vector<QCheckBox*> configs_;  // in traceConfigNames() order
  QLineEdit* seed_;
  QComboBox* deterministic_;
  QSpinBox* threads_;
  QCheckBox* cudnnBenchmark_;
  QCheckBox* cudnnDeterministic_;
  QLineEdit* cublas_;
  QLineEdit* hashSeed_;
  QLineEdit* ops_;
  QLineEdit* environment_;  // NAME=VALUE ..., for every process of the script
  QLineEdit* worldSizes_;   // 2,3,4: the job at each size
  QSpinBox* timeout_;
  QCheckBox* secondPass_;
  std::unique_ptr<trace::ProbeFolder> examples_;
  std::vector<QWidget*> labelled_;  // the form's rows, for their labels on a language change
};

}  // namespace detbench::gui
