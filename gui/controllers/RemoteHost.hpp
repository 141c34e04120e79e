#pragma once
// Where a run goes when the GPU is on another machine: the destination ([user@]host), ssh's
// port and identity file, the detbench program there, the device to run on there and how long
// to wait; or a Slurm cluster: the job's partition, GPU type and time limit, with the
// destination as the login node that runs srun (none: srun on this machine). Remembered
// between sessions (QSettings, group "remoteHost") and in project files (all but the identity
// file and the program there, which are this machine's settings).

#include <QString>

#include "controllers/RunController.hpp"

namespace detbench::gui {

struct RemoteHost {
  remote::SshTarget target;
  QString device = QStringLiteral("cuda");  // the device on the remote machine
  int timeoutSeconds = 60;
  // A Slurm job step instead of ssh alone.
  bool slurm = false;
  std::string partition;
  std::string gpuType;
  std::string timeLimit;

  RemotePlan plan(const QString& viewerHost) const;
  // ssh to `destination` with this host's port, identity and detbench there (DETBENCH_SSH:
  // another ssh program): the login node of the Slurm jobs window.
  remote::SshTarget sshTo(const std::string& destination) const;
  // Read from and written to QSettings.
  static RemoteHost load();
  void save() const;
};

}  // namespace detbench::gui
