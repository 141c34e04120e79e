// GoogleTest main for the GUI tests: a QApplication on the offscreen platform, so the tests run
// without a display (CI), and a private settings and data folder.

#include <gtest/gtest.h>

#include <QApplication>
#include <QStandardPaths>

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("detbench-tests"));
  QApplication::setApplicationName(QStringLiteral("detbench-tests"));
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
