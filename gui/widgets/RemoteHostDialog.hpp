#pragma once
// "Remote host or Slurm cluster…" in the device list: the dialog that says where a run goes
// when the GPU is on another machine, through ssh or as a Slurm job (controllers/RemoteHost).
// Login is ssh's (a key or an agent): nothing here asks for or keeps a password.

#include <QDialog>

#include "controllers/RemoteHost.hpp"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace detbench::gui {

class RemoteHostDialog : public QDialog {
  Q_OBJECT

 public:
  explicit RemoteHostDialog(const RemoteHost& initial, QWidget* parent = nullptr);

  // What the form says; meaningful after accept().
  RemoteHost host() const;

 public slots:
  // Refuses (with the reason under the form) a malformed destination or Slurm option.
  void accept() override;

 private:
  void showMode();  // the rows and words of ssh or Slurm

  QLabel* intro_;
  QFormLayout* form_;
  QComboBox* through_;
  QLineEdit* partition_;
  QLineEdit* gpuType_;
  QLineEdit* timeLimit_;
  QLineEdit* destination_;
  QSpinBox* port_;
  QLineEdit* identity_;
  QLineEdit* program_;
  QComboBox* device_;
  QSpinBox* timeout_;
  QLabel* error_;
};

}  // namespace detbench::gui
