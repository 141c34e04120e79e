// GoogleTest main for the GUI tests: a QApplication on the offscreen platform, so the tests run
// without a display (CI), and a private settings and data folder for each process. ctest runs
// every test in its own process, two at a time: with a shared folder, one test's autosave
// (written after each run) made another test's window offer to recover it, in a modal dialog
// that nothing answers.

#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("detbench-tests"));
  QApplication::setApplicationName(
      QStringLiteral("detbench-tests-%1").arg(QCoreApplication::applicationPid()));
  ::testing::InitGoogleTest(&argc, argv);
  const int result = RUN_ALL_TESTS();
  QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
  QFile::remove(QSettings().fileName());
  return result;
}
