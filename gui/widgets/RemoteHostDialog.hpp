#pragma once
// "Remote host…" in the device list: the dialog that says where a run goes when the GPU is on
// another machine (controllers/RemoteHost). Login is ssh's (a key or an agent): nothing here
// asks for or keeps a password.

#include <QDialog>

#include "controllers/RemoteHost.hpp"

class QComboBox;
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
  void accept() override;  // refuses (with the reason under the form) a malformed destination

 private:
  QLineEdit* destination_;
  QSpinBox* port_;
  QLineEdit* identity_;
  QLineEdit* program_;
  QComboBox* device_;
  QSpinBox* timeout_;
  QLabel* error_;
};

}  // namespace detbench::gui
