#include "controllers/RemoteHost.hpp"

#include <QCoreApplication>
#include <QSettings>
#include <atomic>

#include "common/Text.hpp"

namespace detbench::gui {

namespace {

const QString kGroup = QStringLiteral("remoteHost");

}  // namespace

RemotePlan RemoteHost::plan(const QString& viewerHost) const {
  RemotePlan p;
  p.target = sshTo(target.destination);
  p.timeouts.hello = std::chrono::seconds(timeoutSeconds);
  p.timeouts.answer = std::chrono::seconds(timeoutSeconds);
  p.viewerHost = viewerHost.toStdString();
  if (slurm) {
    remote::SlurmTarget job;
    job.partition = partition;
    job.gpuType = gpuType;
    job.timeLimit = timeLimit;
    job.remoteDetbench = target.remoteDetbench;
    // Unique to this process's connections, as the command line's.
    static std::atomic<int> next{0};
    job.jobName = "detbench-gui-" + std::to_string(QCoreApplication::applicationPid()) + "-" +
                  std::to_string(next++);
    p.slurm = std::move(job);
    // The job may wait in the queue: the wait for its hello has no limit of its own (Cancel
    // ends it); once it runs, the server answers within the timeout.
    p.timeouts.hello = std::chrono::hours(24 * 7);
  }
  return p;
}

remote::SshTarget RemoteHost::sshTo(const std::string& destination) const {
  remote::SshTarget t = target;
  t.destination = destination;
  t.connectTimeoutSeconds = timeoutSeconds;
  // Another ssh program, as for the command line's --host.
  if (const QByteArray ssh = qgetenv("DETBENCH_SSH"); !ssh.isEmpty()) t.ssh = ssh.toStdString();
  return t;
}

RemoteHost RemoteHost::load() {
  QSettings s;
  s.beginGroup(kGroup);
  RemoteHost h;
  h.target.destination = s.value(QStringLiteral("destination")).toString().toStdString();
  h.target.port = s.value(QStringLiteral("port"), 0).toInt();
  h.target.identityFile = s.value(QStringLiteral("identityFile")).toString().toStdString();
  h.target.remoteDetbench = s.value(QStringLiteral("remoteDetbench"), QStringLiteral("detbench"))
                                .toString()
                                .toStdString();
  h.device = s.value(QStringLiteral("device"), QStringLiteral("cuda")).toString();
  h.timeoutSeconds = s.value(QStringLiteral("timeoutSeconds"), 60).toInt();
  h.slurm = s.value(QStringLiteral("slurm"), false).toBool();
  h.partition = s.value(QStringLiteral("partition")).toString().toStdString();
  h.gpuType = s.value(QStringLiteral("gpuType")).toString().toStdString();
  h.timeLimit = s.value(QStringLiteral("timeLimit")).toString().toStdString();
  return h;
}

void RemoteHost::save() const {
  QSettings s;
  s.beginGroup(kGroup);
  s.setValue(QStringLiteral("destination"), qstr(target.destination));
  s.setValue(QStringLiteral("port"), target.port);
  s.setValue(QStringLiteral("identityFile"), qstr(target.identityFile));
  s.setValue(QStringLiteral("remoteDetbench"), qstr(target.remoteDetbench));
  s.setValue(QStringLiteral("device"), device);
  s.setValue(QStringLiteral("timeoutSeconds"), timeoutSeconds);
  s.setValue(QStringLiteral("slurm"), slurm);
  s.setValue(QStringLiteral("partition"), qstr(partition));
  s.setValue(QStringLiteral("gpuType"), qstr(gpuType));
  s.setValue(QStringLiteral("timeLimit"), qstr(timeLimit));
}

}  // namespace detbench::gui
