// A comparison numbers its configurations as the Compare tab shows them (the runs already made
// first), reports every one of them, ends at once when nothing is left to run, and lets go of
// the runner's records when a plain run starts.

#include "controllers/CompareController.hpp"

#include <gtest/gtest.h>

#include "GuiTestSupport.hpp"
#include "TestRegistry.hpp"
#include "detbench/DefaultRegistry.hpp"

namespace detbench::gui {
namespace {

RunPlan twoConfigurations() {
  RunPlan plan;
  plan.request.op = "index_add";
  plan.request.params = {{"size", 1024}, {"rows", 16}, {"cols", 1}};
  plan.request.device = "cpu";
  plan.request.trials = 3;
  plan.request.warmup = 0;
  Settings deterministic;
  deterministic.deterministic = DeterministicMode::Error;
  plan.configurations = {{"default", Settings{}}, {"deterministic", deterministic}};
  return plan;
}

RunResult madeBefore() {
  RunResult r;
  r.label = "made before";
  r.op = "index_add";
  r.device = "cpu";
  return r;
}

TEST(CompareControllerTest, TheRunsAlreadyMadeComeFirstInNumbersAndInTheReport) {
  RunController runner(registry());
  CompareController compare(&runner);
  std::vector<int> finishedAt;
  std::optional<ReportDocument> report;
  QObject::connect(&compare, &CompareController::configurationFinished, &compare,
                   [&](int shown, const RunResult&) { finishedAt.push_back(shown); });
  QObject::connect(&compare, &CompareController::finished, &compare,
                   [&](const ReportDocument& doc, bool) { report = doc; });
  compare.start(twoConfigurations(), {madeBefore()}, {});
  EXPECT_TRUE(compare.active());
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }, 60000));
  EXPECT_EQ(finishedAt, (std::vector<int>{1, 2}));
  ASSERT_EQ(report->runs.size(), 3u);
  EXPECT_EQ(report->runs[0].label, "made before");
  EXPECT_EQ(report->runs[1].label, "default");
  EXPECT_EQ(report->runs[2].label, "deterministic");
  // A plain run next: its records are not the comparison's.
  compare.release();
  EXPECT_FALSE(compare.active());
  bool compareHeard = false;
  QObject::connect(&compare, &CompareController::finished, &compare,
                   [&](const ReportDocument&, bool) { compareHeard = true; });
  bool runDone = false;
  QObject::connect(&runner, &RunController::finished, &runner,
                   [&](const ReportDocument&, bool) { runDone = true; });
  RunPlan single = twoConfigurations();
  single.configurations.clear();
  runner.start(single);
  ASSERT_TRUE(testing::waitUntil([&] { return runDone; }, 60000));
  EXPECT_FALSE(compareHeard);
}

TEST(CompareControllerTest, NothingLeftToRunEndsAtOnceWithTheRunsAlreadyMade) {
  RunController runner(registry());
  CompareController compare(&runner);
  std::optional<ReportDocument> report;
  QObject::connect(&compare, &CompareController::finished, &compare,
                   [&](const ReportDocument& doc, bool) { report = doc; });
  RunPlan plan = twoConfigurations();
  plan.configurations.clear();
  compare.start(plan, {madeBefore(), madeBefore()}, {});
  ASSERT_TRUE(report.has_value());  // at once, without the runner
  EXPECT_EQ(report->kind, ReportKind::Sweep);
  EXPECT_EQ(report->runs.size(), 2u);
  EXPECT_FALSE(runner.isRunning());
}

}  // namespace
}  // namespace detbench::gui
