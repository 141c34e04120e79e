// One Python for the whole workbench: the interpreter chosen in the status bar (or typed on the
// Trace tab) is the one the Trace tab runs, the trace lesson runs, and whose PyTorch release the
// catalog follows; one without PyTorch, or none at all, is refused and changes nothing.

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>

#include "TestRegistry.hpp"
#include "app/MainWindow.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "controllers/PythonChoice.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceSetupWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {
namespace {

// An executable that answers as an interpreter would: the line it prints is where its torch
// package is ("" for none), whatever it is asked.
QString fakeInterpreter(const QTemporaryDir& dir, const QString& name, const QString& torchDir) {
  const QString path = dir.filePath(name);
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(QStringLiteral("#!/bin/sh\necho '%1'\n").arg(torchDir).toUtf8());
  f.close();
  f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  return path;
}

struct MainWindowPythonTest : ::testing::Test {
  MainWindowPythonTest() {
    ProjectController::discardAutosave();
    saved = QSettings().value(QStringLiteral("python"));
    language.setLanguage(QStringLiteral("en"));
    window = std::make_unique<MainWindow>(registry(), &language);
    // A PyTorch 2.15 for the fake interpreter to name.
    QDir(dir.path()).mkpath(QStringLiteral("torch"));
    QFile version(dir.filePath(QStringLiteral("torch/version.py")));
    EXPECT_TRUE(version.open(QIODevice::WriteOnly));
    version.write("__version__ = '2.15.0'\n");
  }
  ~MainWindowPythonTest() override {
    window.reset();
    // The rest of the tests in this process see the rule's Python again.
    chooseUserPython("", "");
    QSettings().setValue(QStringLiteral("python"), saved);
  }

  LanguageController language;
  std::unique_ptr<MainWindow> window;
  QTemporaryDir dir;
  QVariant saved;
};

TEST_F(MainWindowPythonTest, TheChosenPythonDrivesTheTraceTheLessonAndTheCatalog) {
  const QString python =
      fakeInterpreter(dir, QStringLiteral("python-2.15"), dir.filePath(QStringLiteral("torch")));
  QString why;
  ASSERT_TRUE(window->pythonChoice()->choose(python, &why)) << why.toStdString();

  // The Trace tab runs it.
  auto* field = window->traceView()->setup()->findChild<QLineEdit*>(QStringLiteral("tracePython"));
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->text(), python);
  // The trace lesson runs it.
  EXPECT_EQ(QString::fromStdString(demo::FreshSources{}.tracePython), python);
  // The catalog follows its release, and the form shows it.
  EXPECT_EQ(defaultPyTorchRelease().release, (PyTorchRelease{2, 15}));
  const auto settings = window->settingsWidget()->settings();
  ASSERT_TRUE(settings.has_value());
  EXPECT_EQ(settings->pytorch, (PyTorchRelease{2, 15}));
  // The status bar says which, and it is remembered.
  auto* button = window->statusBar()->findChild<QToolButton*>(QStringLiteral("pythonButton"));
  ASSERT_NE(button, nullptr);
  EXPECT_TRUE(button->text().contains(python)) << button->text().toStdString();
  EXPECT_TRUE(button->text().contains(QStringLiteral("2.15.0"))) << button->text().toStdString();
  EXPECT_EQ(QSettings().value(QStringLiteral("python")).toString(), python);
}

TEST_F(MainWindowPythonTest, APythonWithoutPyTorchOrNoneAtAllIsRefusedAndChangesNothing) {
  const QString before = PythonChoice::interpreter();
  const QString noTorch = fakeInterpreter(dir, QStringLiteral("python-bare"), QString());
  QString why;
  EXPECT_FALSE(window->pythonChoice()->choose(noTorch, &why));
  EXPECT_TRUE(why.contains(QStringLiteral("has no PyTorch"))) << why.toStdString();
  EXPECT_FALSE(window->pythonChoice()->choose(dir.filePath(QStringLiteral("missing")), &why));
  EXPECT_TRUE(why.contains(QStringLiteral("no such program"))) << why.toStdString();
  EXPECT_EQ(PythonChoice::interpreter(), before);
}

TEST_F(MainWindowPythonTest, TypingAnInterpreterOnTheTraceTabChoosesIt) {
  const QString python =
      fakeInterpreter(dir, QStringLiteral("python-typed"), dir.filePath(QStringLiteral("torch")));
  auto* field = window->traceView()->setup()->findChild<QLineEdit*>(QStringLiteral("tracePython"));
  ASSERT_NE(field, nullptr);
  field->setText(python);
  emit field->editingFinished();
  EXPECT_EQ(PythonChoice::interpreter(), python);
  EXPECT_EQ(defaultPyTorchRelease().release, (PyTorchRelease{2, 15}));
}

}  // namespace
}  // namespace detbench::gui
