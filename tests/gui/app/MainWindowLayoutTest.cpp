// The window as a person meets it, asserted where it can be: at 1280 x 720 every
// control of the op's form and the settings lies inside the window and inside its panel's view
// (no scrolling, no splitter to drag) with its label whole, in both languages; the panels
// follow the tab; a refusal leaves no plot of the run before and says what raised; a
// comparison can take a run already made.

#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>

#include "GuiTestSupport.hpp"
#include "TestRegistry.hpp"
#include "app/MainWindow.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "controllers/RunController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/CompareWidget.hpp"
#include "widgets/DemosWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/SettingsWidget.hpp"

namespace detbench::gui {
namespace {

// Every visible control of `panel` whose rectangle is not inside the window and inside the
// viewport of the scroll area that holds it, or a label narrower than its text: by name.
QStringList unreachable(const MainWindow& window, QWidget* panel) {
  auto* area = qobject_cast<QScrollArea*>(panel->parentWidget()->parentWidget());
  QStringList bad;
  const QRect windowRect = window.rect();
  const QRect viewport =
      area ? QRect(area->viewport()->mapTo(&window, QPoint(0, 0)), area->viewport()->size())
           : windowRect;
  auto describe = [](QWidget* w) {
    QString text;
    if (auto* l = qobject_cast<QLabel*>(w)) text = l->text();
    if (auto* b = qobject_cast<QAbstractButton*>(w)) text = b->text();
    return QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), text);
  };
  for (QWidget* w : panel->findChildren<QWidget*>()) {
    if (!w->isVisibleTo(&window) || w->size().isEmpty()) continue;
    const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) ||
                         qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QLabel*>(w) ||
                         (qobject_cast<QLineEdit*>(w) && !qobject_cast<QComboBox*>(w->parent()) &&
                          !qobject_cast<QAbstractSpinBox*>(w->parent()));
    if (!control) continue;
    const QRect r(w->mapTo(&window, QPoint(0, 0)), w->size());
    if (!windowRect.contains(r) || !viewport.contains(r)) {
      bad << describe(w) + QStringLiteral(" outside");
      continue;
    }
    auto* label = qobject_cast<QLabel*>(w);
    if (label && !label->wordWrap() && !label->text().isEmpty() &&
        label->width() < label->sizeHint().width()) {
      bad << describe(w) + QStringLiteral(" cut (%1 < %2)")
                               .arg(label->width())
                               .arg(label->sizeHint().width());
    }
    auto* box = qobject_cast<QAbstractButton*>(w);
    if (box && box->width() < box->sizeHint().width()) {
      bad << describe(w) + QStringLiteral(" cut");
    }
  }
  return bad;
}

class MainWindowLayoutTest : public ::testing::TestWithParam<const char*> {
 protected:
  MainWindowLayoutTest() {
    ProjectController::discardAutosave();
    language_.setLanguage(QString::fromLatin1(GetParam()));
    window_ = std::make_unique<MainWindow>(registry(), &language_);
  }
  ~MainWindowLayoutTest() override { language_.setLanguage(QStringLiteral("en")); }
  LanguageController language_;
  std::unique_ptr<MainWindow> window_;
};

TEST_P(MainWindowLayoutTest, At1280x720EveryControlIsInsideTheWindowAndItsLabelWhole) {
  MainWindow& w = *window_;
  w.fitToScreen(QSize(1280, 720));
  w.show();
  testing::settle();
  ASSERT_LE(w.width(), 1280);
  ASSERT_LE(w.height(), 720);
  const QStringList settings = unreachable(w, w.settingsWidget());
  EXPECT_TRUE(settings.isEmpty()) << settings.join(QStringLiteral("\n")).toStdString();
  const QStringList op = unreachable(w, w.paramsWidget()->parentWidget());
  EXPECT_TRUE(op.isEmpty()) << op.join(QStringLiteral("\n")).toStdString();
  // The Run and Compare buttons are on screen too.
  auto* runCompare = w.compareView()->findChild<QAbstractButton*>(QStringLiteral("runCompare"));
  ASSERT_NE(runCompare, nullptr);
  w.showCompareView();
  testing::settle();
  const QRect r(runCompare->mapTo(&w, QPoint(0, 0)), runCompare->size());
  EXPECT_TRUE(w.rect().contains(r));
}

TEST_P(MainWindowLayoutTest, ThePanelsFollowTheTab) {
  MainWindow& w = *window_;
  w.fitToScreen(QSize(1280, 720));
  w.show();
  testing::settle();
  auto* settings = w.findChild<QDockWidget*>(QStringLiteral("settingsDock"));
  auto* catalog = w.findChild<QDockWidget*>(QStringLiteral("catalogDock"));
  ASSERT_NE(settings, nullptr);
  ASSERT_NE(catalog, nullptr);
  EXPECT_TRUE(settings->isVisible());
  auto* tabs = w.findChild<QTabWidget*>();
  tabs->setCurrentWidget(w.demosView());
  testing::settle();
  // The Demos tab runs its own scenarios: the form's panels are not on screen.
  EXPECT_FALSE(settings->isVisible());
  EXPECT_FALSE(catalog->isVisible());
  // A panel the person shows on a tab stays with that tab.
  catalog->toggleViewAction()->trigger();
  EXPECT_TRUE(catalog->isVisible());
  w.showRunView();
  testing::settle();
  EXPECT_TRUE(settings->isVisible());
  EXPECT_TRUE(catalog->isVisible());
  tabs->setCurrentWidget(w.demosView());
  testing::settle();
  EXPECT_FALSE(settings->isVisible());
  EXPECT_TRUE(catalog->isVisible());
}

INSTANTIATE_TEST_SUITE_P(Languages, MainWindowLayoutTest, ::testing::Values("en", "zh_CN"));

TEST(MainWindowRefusalTest, ARefusalLeavesNoPlotOfTheRunBeforeAndSaysWhatRaised) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow w(registry(), &language);
  ASSERT_TRUE(w.selectOp(QStringLiteral("put_accumulate")));
  OpParams p = *w.paramsWidget()->params();
  p["size"] = 4096;
  w.paramsWidget()->setParams(p);
  w.paramsWidget()->setTrials(5);
  ASSERT_TRUE(w.startRun());
  ASSERT_TRUE(testing::waitUntil([&] { return w.lastRun().has_value(); }));
  ASSERT_TRUE(w.runView()->plotsShown());
  ASSERT_GT(w.runView()->plots()[1]->pointCount(), 0);
  // The same op in error mode: PyTorch has no deterministic put_ with accumulate.
  Settings s = *w.settingsWidget()->settings();
  s.deterministic = DeterministicMode::Error;
  w.settingsWidget()->setSettings(s);
  ASSERT_TRUE(w.startRun());
  ASSERT_TRUE(testing::waitUntil(
      [&] { return !w.runController()->isRunning() && w.lastRun()->runs.front().failed(); }));
  EXPECT_FALSE(w.runView()->plotsShown());
  for (PlotWidget* plot : w.runView()->plots()) EXPECT_EQ(plot->pointCount(), 0);
  EXPECT_TRUE(w.runView()->notice().contains(QStringLiteral("put_accumulate")))
      << w.runView()->notice().toStdString();
  EXPECT_FALSE(w.runView()->notice().contains(QLatin1Char('\n')));
  // The next steps: warn mode and detbench's kernel are offered.
  auto* warn = w.runView()->findChild<QAbstractButton*>(QStringLiteral("runInWarnMode"));
  auto* extension = w.runView()->findChild<QAbstractButton*>(QStringLiteral("useExtension"));
  ASSERT_NE(warn, nullptr);
  ASSERT_NE(extension, nullptr);
  EXPECT_TRUE(warn->isVisibleTo(w.runView()));
  EXPECT_TRUE(extension->isVisibleTo(w.runView()));
  // The status bar says what happened, not "Done".
  EXPECT_EQ(w.statusBar()->currentMessage(), QStringLiteral("Raised in error mode"));
  // Warn mode, one click away: it runs and the warning is in the header.
  warn->click();
  ASSERT_TRUE(testing::waitUntil(
      [&] { return !w.runController()->isRunning() && !w.lastRun()->runs.front().failed(); }));
  EXPECT_EQ(w.settingsWidget()->settings()->deterministic, DeterministicMode::Warn);
  EXPECT_TRUE(w.runView()->plotsShown());
  EXPECT_TRUE(w.runView()->notice().startsWith(QStringLiteral("Warning")))
      << w.runView()->notice().toStdString();
}

TEST(MainWindowNextStepTest, ARandomOpWithoutASeedOffersTheSeedAndThenRepeats) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow w(registry(), &language);
  ASSERT_TRUE(w.selectOp(QStringLiteral("randn")));
  OpParams p = *w.paramsWidget()->params();
  p["size"] = 4096;
  w.paramsWidget()->setParams(p);
  w.paramsWidget()->setTrials(4);
  Settings s = *w.settingsWidget()->settings();
  s.seed.reset();
  w.settingsWidget()->setSettings(s);
  ASSERT_TRUE(w.startRun());
  ASSERT_TRUE(testing::waitUntil(
      [&] { return !w.runController()->isRunning() && w.lastRun().has_value(); }));
  // Each trial draws on from an unseeded generator: the outputs vary, and the seed is the fix.
  ASSERT_FALSE(w.lastRun()->runs.front().summary.reproducible);
  auto* seed = w.runView()->findChild<QAbstractButton*>(QStringLiteral("setSeed"));
  auto* deterministic =
      w.runView()->findChild<QAbstractButton*>(QStringLiteral("runDeterministic"));
  ASSERT_NE(seed, nullptr);
  ASSERT_NE(deterministic, nullptr);
  EXPECT_TRUE(seed->isVisibleTo(w.runView()));
  // Deterministic mode does nothing for a random op: not offered.
  EXPECT_FALSE(deterministic->isVisibleTo(w.runView()));
  const std::uint64_t drawn = w.lastRun()->runs.front().seed;
  seed->click();
  ASSERT_TRUE(testing::waitUntil(
      [&] { return !w.runController()->isRunning() && w.lastRun()->runs.front().seedWasSet; }));
  EXPECT_EQ(w.settingsWidget()->settings()->seed, std::optional<std::uint64_t>(drawn));
  EXPECT_TRUE(w.lastRun()->runs.front().summary.reproducible);
  EXPECT_FALSE(seed->isVisibleTo(w.runView()));
}

TEST(MainWindowCompareTest, AComparisonTakesARunAlreadyMadeWithoutRunningItAgain) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow w(registry(), &language);
  ASSERT_TRUE(w.selectOp(QStringLiteral("bincount")));
  OpParams p = *w.paramsWidget()->params();
  p["size"] = 4096;
  w.paramsWidget()->setParams(p);
  w.paramsWidget()->setTrials(4);
  ASSERT_TRUE(w.startRun());
  ASSERT_TRUE(testing::waitUntil([&] { return w.lastRun().has_value(); }));
  // Only the run already made is checked: nothing runs, the comparison is made at once.
  w.compareView()->setCheckedPresets({});
  auto* list = w.compareView()->findChild<QListWidget*>(QStringLiteral("configurations"));
  ASSERT_NE(list, nullptr);
  QListWidgetItem* made = list->item(list->count() - 1);
  ASSERT_TRUE(made->flags() & Qt::ItemIsEnabled);
  made->setCheckState(Qt::Checked);
  int starts = 0;
  QObject::connect(w.runController(), &RunController::started, [&starts] { ++starts; });
  QString why;
  ASSERT_TRUE(w.startCompare(&why)) << why.toStdString();
  EXPECT_EQ(starts, 0);
  ASSERT_TRUE(w.lastCompare().has_value());
  ASSERT_EQ(w.lastCompare()->runs.size(), 1u);
  EXPECT_EQ(w.lastCompare()->runs.front().trials.size(), w.lastRun()->runs.front().trials.size());
  // With other inputs the run already made cannot join.
  p["size"] = 2048;
  w.paramsWidget()->setParams(p);
  made = list->item(list->count() - 1);
  EXPECT_FALSE(made->flags() & Qt::ItemIsEnabled);
}

}  // namespace
}  // namespace detbench::gui
