#pragma once
// "Remote host…" in the device list: where a run goes when the GPU is on another machine. The
// destination ([user@]host), ssh's port and identity file, the detbench program there, the
// device to run on there and how long to wait; remembered between sessions (QSettings, group
// "remoteHost"). Login is ssh's (a key or an agent): nothing here asks for or keeps a password.

#include <QDialog>

#include "controllers/RunController.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace detbench::gui {

struct RemoteHost {
  remote::SshTarget target;
  QString device = QStringLiteral("cuda");  // the device on the remote machine
  int timeoutSeconds = 60;

  RemotePlan plan(const QString& viewerHost) const;
  // Read from and written to QSettings.
  static RemoteHost load();
  void save() const;
};

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
