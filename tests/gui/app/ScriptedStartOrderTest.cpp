// The scripted start's one exit path, in the process: whatever order a refusal and the picture
// come in, the first end decides the exit code, the program is told to end once, and no
// picture follows a refusal. No check depends on a clock: the picture's wait is set to 0 ms and
// each test waits for a marker posted after it (posted events run in the order they were
// posted), so the picture's turn has come and gone before the test looks.

#include "app/ScriptedStart.hpp"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTimer>
#include <vector>

#include "GuiTestSupport.hpp"
#include "TestRegistry.hpp"
#include "app/MainWindow.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "detbench/DefaultRegistry.hpp"

namespace detbench::gui {
namespace {

// Runs the event loop until every event posted so far has run.
void drainPosted() {
  bool reached = false;
  QTimer::singleShot(0, [&reached] { reached = true; });
  ASSERT_TRUE(testing::waitUntil([&] { return reached; }));
}

class ScriptedStartOrderTest : public ::testing::Test {
 protected:
  ScriptedStartOrderTest() {
    ProjectController::discardAutosave();  // else the window offers to recover it
    window_ = std::make_unique<MainWindow>(registry(), &language_);
    picture_ = QDir::temp().filePath(
        QStringLiteral("detbench-scripted-order-%1.png").arg(QCoreApplication::applicationPid()));
    QFile::remove(picture_);
  }
  ~ScriptedStartOrderTest() override { QFile::remove(picture_); }

  std::unique_ptr<ScriptedStart> start(StartOptions options) {
    options.screenshot = picture_;
    auto s = std::make_unique<ScriptedStart>(*window_, std::move(options));
    s->setExit([this](int code) { exits_.push_back(code); });
    s->setDelays(0, 0);
    return s;
  }

  LanguageController language_;
  std::unique_ptr<MainWindow> window_;
  QString picture_;
  std::vector<int> exits_;
};

TEST_F(ScriptedStartOrderTest, APictureThenItsRunEndWithZeroAndThePicture) {
  auto s = start({});
  s->finished(0);
  drainPosted();
  EXPECT_EQ(exits_, std::vector<int>{0});
  EXPECT_TRUE(QFile::exists(picture_));
}

TEST_F(ScriptedStartOrderTest, ARefusalAfterThePictureWasAskedForTakesNoPicture) {
  // A race seen before: the picture's timer was running when the refusal came.
  auto s = start({});
  s->finished(0);
  s->refuse(QStringLiteral("cannot start"));
  drainPosted();
  EXPECT_EQ(exits_, std::vector<int>{2});
  EXPECT_FALSE(QFile::exists(picture_));
}

TEST_F(ScriptedStartOrderTest, NothingAfterTheEndChangesTheExitCode) {
  auto s = start({});
  s->refuse(QStringLiteral("cannot start"));
  s->finished(0);
  s->finished(1, QStringLiteral("refused"));
  s->refuse(QStringLiteral("again"));
  drainPosted();
  EXPECT_EQ(exits_, std::vector<int>{2});
  EXPECT_EQ(s->exitCode(), 2);
  EXPECT_FALSE(QFile::exists(picture_));
}

TEST_F(ScriptedStartOrderTest, ARunRefusedByItsControllerEndsWithOneAndNoPicture) {
  auto s = start({});
  s->finished(1, QStringLiteral("not enough memory"));
  drainPosted();
  EXPECT_EQ(exits_, std::vector<int>{1});
  EXPECT_FALSE(QFile::exists(picture_));
}

TEST_F(ScriptedStartOrderTest, AProjectThatCannotBeOpenedEndsBeforeAnyPicture) {
  // The command of case 9: a malformed project and --screenshot, nothing started.
  const QString project = QDir::temp().filePath(QStringLiteral("detbench-scripted-order.detbench"));
  QFile file(project);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.write(QByteArray(100000, '['));
  file.close();
  StartOptions options;
  options.project = project;
  auto s = start(options);
  s->begin();
  EXPECT_TRUE(s->hasEnded());  // at once, before the event loop
  drainPosted();
  EXPECT_EQ(exits_, std::vector<int>{2});
  EXPECT_FALSE(QFile::exists(picture_));
  QFile::remove(project);
}

TEST_F(ScriptedStartOrderTest, AnUnknownDemoEndsWithTwoAndNoPicture) {
  StartOptions options;
  options.demo = QStringLiteral("no-such-demo");
  auto s = start(options);
  s->begin();
  ASSERT_TRUE(testing::waitUntil([&] { return s->hasEnded(); }));
  drainPosted();
  EXPECT_EQ(exits_, std::vector<int>{2});
  EXPECT_FALSE(QFile::exists(picture_));
}

}  // namespace
}  // namespace detbench::gui
