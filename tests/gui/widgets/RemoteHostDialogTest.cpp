// The remote host's dialog and its place in the device list: what it says is remembered
// between sessions, a malformed destination is refused under the form, and choosing the
// remote host makes the device list name the device there, with its traits.

#include "widgets/RemoteHostDialog.hpp"

#include <gtest/gtest.h>

#include <QLabel>
#include <QLineEdit>
#include <QSettings>

#include "detbench/DefaultRegistry.hpp"
#include "widgets/DeviceSelectorWidget.hpp"

namespace detbench::gui {
namespace {

TEST(RemoteHostDialogTest, WhatItSaysIsRememberedBetweenSessions) {
  QSettings().remove(QStringLiteral("remoteHost"));
  const RemoteHost fresh = RemoteHost::load();
  EXPECT_EQ(fresh.target.destination, "");
  EXPECT_EQ(fresh.device, QStringLiteral("cuda"));
  EXPECT_EQ(fresh.target.remoteDetbench, "detbench");

  RemoteHost h;
  h.target.destination = "me@gpu-box";
  h.target.port = 2222;
  h.target.identityFile = "/home/me/.ssh/id_gpu";
  h.target.remoteDetbench = "/opt/detbench/bin/detbench";
  h.device = QStringLiteral("cpu-threads");
  h.timeoutSeconds = 30;
  h.save();
  const RemoteHost back = RemoteHost::load();
  EXPECT_EQ(back.target.destination, "me@gpu-box");
  EXPECT_EQ(back.target.port, 2222);
  EXPECT_EQ(back.target.identityFile, "/home/me/.ssh/id_gpu");
  EXPECT_EQ(back.target.remoteDetbench, "/opt/detbench/bin/detbench");
  EXPECT_EQ(back.device, QStringLiteral("cpu-threads"));
  EXPECT_EQ(back.timeoutSeconds, 30);
  const RemotePlan plan = back.plan(QStringLiteral("desk"));
  EXPECT_EQ(plan.target.connectTimeoutSeconds, 30);
  EXPECT_EQ(plan.timeouts.hello, std::chrono::seconds(30));
  EXPECT_EQ(plan.viewerHost, "desk");
  QSettings().remove(QStringLiteral("remoteHost"));
}

TEST(RemoteHostDialogTest, AMalformedDestinationIsRefusedUnderTheForm) {
  RemoteHost h;
  h.target.destination = "-oProxyCommand=evil";
  RemoteHostDialog dialog(h);
  dialog.accept();
  EXPECT_NE(dialog.result(), QDialog::Accepted);
  bool shown = false;
  for (auto* label : dialog.findChildren<QLabel*>()) {
    shown |= label->isVisibleTo(&dialog) && label->text().contains(QStringLiteral("starts with"));
  }
  EXPECT_TRUE(shown);
  dialog.findChild<QLineEdit*>(QStringLiteral("destination"))->setText(QStringLiteral("me@gpu"));
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
  EXPECT_EQ(dialog.host().target.destination, "me@gpu");
}

TEST(RemoteHostDialogTest, TheDeviceListNamesTheRemoteDeviceAndItsTraits) {
  const BackendRegistry registry = makeDefaultRegistry();
  DeviceSelectorWidget selector(registry);
  EXPECT_FALSE(selector.remoteHost().has_value());
  QStringList changes;
  QObject::connect(&selector, &DeviceSelectorWidget::deviceChanged, &selector,
                   [&](const QString& id) { changes << id; });
  RemoteHost h;
  h.target.destination = "me@gpu-box";
  h.device = QStringLiteral("cpu");
  selector.setRemoteHost(h);
  ASSERT_TRUE(selector.remoteHost().has_value());
  EXPECT_EQ(selector.device(), QStringLiteral("cpu"));
  EXPECT_EQ(selector.traitsClass(), TraitsClass::Cpu);
  EXPECT_EQ(changes.value(0), QStringLiteral("cpu"));
  EXPECT_TRUE(selector.setDevice(QStringLiteral("cpu-threads")));
  EXPECT_FALSE(selector.remoteHost().has_value());
  EXPECT_EQ(selector.device(), QStringLiteral("cpu-threads"));
}

}  // namespace
}  // namespace detbench::gui
