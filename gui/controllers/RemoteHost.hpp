#pragma once
// Where a run goes when the GPU is on another machine: the destination ([user@]host), ssh's
// port and identity file, the detbench program there, the device to run on there and how long
// to wait. Remembered between sessions (QSettings, group "remoteHost") and in project files
// (all but the identity file and the program there, which are this machine's settings).

#include <QString>

#include "controllers/RunController.hpp"

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

}  // namespace detbench::gui
