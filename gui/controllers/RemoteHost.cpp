#include "controllers/RemoteHost.hpp"

#include <QSettings>

#include "common/Text.hpp"

namespace detbench::gui {

namespace {

const QString kGroup = QStringLiteral("remoteHost");

}  // namespace

RemotePlan RemoteHost::plan(const QString& viewerHost) const {
  RemotePlan p;
  p.target = target;
  p.target.connectTimeoutSeconds = timeoutSeconds;
  p.timeouts.hello = std::chrono::seconds(timeoutSeconds);
  p.timeouts.answer = std::chrono::seconds(timeoutSeconds);
  p.viewerHost = viewerHost.toStdString();
  // Another ssh program, as for the command line's --host.
  if (const QByteArray ssh = qgetenv("DETBENCH_SSH"); !ssh.isEmpty())
    p.target.ssh = ssh.toStdString();
  return p;
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
}

}  // namespace detbench::gui
