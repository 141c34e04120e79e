// The Demos panel and its controller, offscreen:
//  - every built-in scenario is listed, and the list and the lesson follow the language;
//  - running a scenario through the DemoController shows its outcome (the runs table for the
//    seeds demo, the heat map for the data loader) with every check marked as seen;
//  - a scenario can be cancelled, and the outcome says so;
//  - the list's last entry is the recipe check, whose links select their scenario.

#include "widgets/DemosWidget.hpp"

#include <gtest/gtest.h>

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QTextBrowser>

#include "GuiTestSupport.hpp"
#include "controllers/DemoController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/RecipeCheckWidget.hpp"

namespace detbench::gui {
namespace {

std::shared_ptr<const BackendRegistry> registry() {
  static auto r = std::make_shared<const BackendRegistry>(makeDefaultRegistry());
  return r;
}

TEST(DemosWidgetTest, TheRecipeCheckIsTheLastEntryAndItsLinksSelectTheirScenario) {
  DemosWidget w;
  auto* list = w.findChild<QListWidget*>();
  w.showRecipeCheck();
  EXPECT_EQ(list->currentRow(), list->count() - 1);
  EXPECT_EQ(w.currentScenario(), nullptr);
  EXPECT_TRUE(list->item(list->count() - 1)->text().contains(QStringLiteral("recipe")));
  emit w.recipeCheck()->scenarioRequested(QStringLiteral("data-loader"));
  ASSERT_NE(w.currentScenario(), nullptr);
  EXPECT_EQ(w.currentScenario()->name, "data-loader");
}

TEST(DemosWidgetTest, ListsEveryScenarioInTheInterfaceLanguage) {
  DemosWidget w;
  auto* list = w.findChild<QListWidget*>();
  ASSERT_NE(list, nullptr);
  // Every scenario, then the recipe check.
  EXPECT_EQ(list->count(), static_cast<int>(demo::scenarios().size()) + 1);
  ASSERT_TRUE(w.selectScenario(QStringLiteral("seeds")));
  auto* text = w.findChild<QTextBrowser*>(QStringLiteral("scenarioText"));
  EXPECT_TRUE(text->toPlainText().contains(QStringLiteral("same seed")));
  w.setLanguage(QStringLiteral("zh_CN"));
  EXPECT_EQ(list->item(0)->text(), QString::fromStdString(demo::scenarios()[0].title.zhCN));
  EXPECT_TRUE(text->toPlainText().contains(QStringLiteral("种子")));
  EXPECT_EQ(w.currentScenario()->name, "seeds");  // the selection survives the switch
  EXPECT_FALSE(w.selectScenario(QStringLiteral("no-such-demo")));
}

// Runs the named scenario to its end and shows it; the controller's outcome.
std::shared_ptr<const demo::ScenarioOutcome> runShown(DemosWidget& w, const char* name) {
  DemoController controller(registry());
  w.setController(&controller);  // the tab shows the outcome itself
  EXPECT_TRUE(w.selectScenario(QString::fromLatin1(name)));
  bool done = false;
  QObject::connect(&controller, &DemoController::finished, &w, [&] { done = true; });
  controller.start(w.currentScenario());
  EXPECT_TRUE(testing::waitUntil([&] { return done; }, 120000));
  return controller.outcome();
}

TEST(DemosWidgetTest, TheSeedsDemoFillsTheRunsTableAndEveryCheckIsSeen) {
  DemosWidget w;
  const auto outcome = runShown(w, "seeds");
  ASSERT_NE(outcome, nullptr);
  EXPECT_TRUE(outcome->asExpected());
  auto* table = w.findChild<QTableWidget*>(QStringLiteral("runsTable"));
  EXPECT_EQ(table->rowCount(), 3);
  EXPECT_EQ(table->item(1, 2)->text(), QStringLiteral("10 in 10"));  // no seed: 10 outputs
  bool marked = false;
  for (auto* label : w.findChildren<QLabel*>()) {
    marked = marked || label->text().contains(QStringLiteral("As expected."));
  }
  EXPECT_TRUE(marked);
}

TEST(DemosWidgetTest, AnOutcomeDoesNotStayUnderAnotherLessonOrANewRun) {
  // The last lesson's table, its "As expected.", its "Finished on cpu." and its Export stay
  // with it: not under the next lesson, not after a language change there, not in a new run.
  DemosWidget w;
  runShown(w, "seeds");
  auto* table = w.findChild<QTableWidget*>(QStringLiteral("runsTable"));
  auto marked = [&w] {
    for (auto* label : w.findChildren<QLabel*>()) {
      if (label->isVisibleTo(&w) && label->text().contains(QStringLiteral("As expected.")))
        return true;
    }
    return false;
  };
  ASSERT_TRUE(table->isVisibleTo(&w));
  ASSERT_TRUE(marked());
  const auto finishedShown = [&w] {
    for (auto* label : w.findChildren<QLabel*>()) {
      if (label->text().startsWith(QStringLiteral("Finished"))) return true;
    }
    return false;
  };
  QPushButton* exportButton = nullptr;
  for (auto* b : w.findChildren<QPushButton*>()) {
    if (b->text().startsWith(QStringLiteral("Export"))) exportButton = b;
  }
  ASSERT_NE(exportButton, nullptr);
  EXPECT_TRUE(exportButton->isEnabled());
  EXPECT_TRUE(finishedShown());
  ASSERT_TRUE(w.selectScenario(QStringLiteral("training")));
  EXPECT_FALSE(table->isVisibleTo(&w));
  EXPECT_FALSE(marked());
  EXPECT_FALSE(exportButton->isEnabled());
  EXPECT_FALSE(finishedShown());
  w.setLanguage(QStringLiteral("en"));  // the texts redone: still nothing of the seeds lesson
  EXPECT_FALSE(exportButton->isEnabled());
  EXPECT_FALSE(finishedShown());
  ASSERT_TRUE(w.selectScenario(QStringLiteral("seeds")));  // its own outcome comes back
  EXPECT_TRUE(table->isVisibleTo(&w));
  EXPECT_TRUE(marked());
  w.setRunning(true);  // a new run of it: nothing of the last one stays
  EXPECT_FALSE(table->isVisibleTo(&w));
  EXPECT_FALSE(marked());
  w.setRunning(false);
}

TEST(DemosWidgetTest, TheDataLoaderDemoDrawsItsHeatMap) {
  DemosWidget w;
  const auto outcome = runShown(w, "data-loader");
  ASSERT_NE(outcome, nullptr);
  ASSERT_TRUE(outcome->loader.has_value());
  const auto plots = w.visiblePlots();
  ASSERT_EQ(plots.size(), 1u);
  // Three modes, runs 2 and 3 each, one cell per batch.
  const auto& spec = *demo::findScenario("data-loader")->loader;
  const int batches = (spec.samples + spec.batchSize - 1) / spec.batchSize;
  EXPECT_EQ(plots[0]->pointCount(), 3 * (spec.runs - 1) * batches);
}

TEST(DemosWidgetTest, ThePythonHashLessonShowsOneRowPerInterpreterAndColoursEqualOrders) {
  DemosWidget w;
  const demo::Scenario* s = demo::findScenario("python-hash");
  ASSERT_NE(s, nullptr);
  ASSERT_TRUE(w.selectScenario(QStringLiteral("python-hash")));
  std::uint64_t next = 1;  // fresh secrets all different, so every such order is its own
  demo::FreshSources fresh;
  fresh.pythonHashSecret = [&next] { return python::HashSecret{next++, 0}; };
  auto outcome = std::make_shared<const demo::ScenarioOutcome>(
      demo::runScenario(*s, *registry(), {}, nullptr, fresh));
  w.showOutcome(*s, outcome);
  auto* table = w.findChild<QTableWidget*>(QStringLiteral("processTable"));
  ASSERT_NE(table, nullptr);
  const int n = s->hash->interpreters;
  ASSERT_EQ(table->rowCount(), 3 * n);
  EXPECT_TRUE(table->item(0, 1)->text().startsWith(QStringLiteral("['")));
  // The PYTHONHASHSEED=0 rows share one order and so one colour; the first row's order is its
  // own (a different secret), and stays white.
  const QBrush seeded = table->item(2 * n, 1)->background();
  EXPECT_NE(seeded.style(), Qt::NoBrush);
  EXPECT_EQ(table->item(3 * n - 1, 1)->background(), seeded);
  EXPECT_TRUE(outcome->asExpected());
}

TEST(DemosWidgetTest, ACancelledDemoSaysSo) {
  DemoController controller(registry());
  bool done = false;
  QObject::connect(&controller, &DemoController::finished, &controller, [&] { done = true; });
  controller.start(demo::findScenario("training"));
  controller.cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return done; }, 120000));
  EXPECT_TRUE(controller.outcome()->cancelled);
  EXPECT_FALSE(controller.outcome()->asExpected());
}

}  // namespace
}  // namespace detbench::gui
