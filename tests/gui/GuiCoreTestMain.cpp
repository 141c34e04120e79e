// GoogleTest main for the tests of the Qt Core part of the workbench (controllers, projects): a
// QCoreApplication, no display, a private settings and data folder. Built with
// ThreadSanitizer too (scripts/test).

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QStandardPaths>

int main(int argc, char** argv) {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("detbench-tests"));
  QCoreApplication::setApplicationName(QStringLiteral("detbench-tests"));
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
