#include "controllers/RunController.hpp"

#include <gtest/gtest.h>

#include "GuiTestSupport.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/RunViewWidget.hpp"

namespace detbench::gui {
namespace {

std::shared_ptr<const BackendRegistry> registry() {
  static auto r = std::make_shared<const BackendRegistry>(makeDefaultRegistry());
  return r;
}

RunPlan smallPlan(int trials) {
  RunPlan plan;
  plan.request.op = "index_add";
  plan.request.params = {{"size", 1 << 16}, {"rows", 64}, {"cols", 1}};
  plan.request.device = "cpu-threads";
  plan.request.settings.threads = 2;
  plan.request.trials = trials;
  plan.request.warmup = 1;
  return plan;
}

TEST(RunControllerTest, ARunOnCpuThreadsFillsThePlots) {
  RunController controller(registry());
  RunViewWidget view;
  view.resize(1000, 700);
  int recorded = 0;
  std::optional<ReportDocument> report;
  QObject::connect(&controller, &RunController::trialsRecorded, &view,
                   [&](int config, const QVector<TrialRecord>& records) {
                     EXPECT_EQ(config, 0);
                     recorded += static_cast<int>(records.size());
                     view.appendTrials(records);
                   });
  QObject::connect(&controller, &RunController::finished, &view,
                   [&](const ReportDocument& doc, bool cancelled) {
                     EXPECT_FALSE(cancelled);
                     report = doc;
                     view.showResult(doc.runs.front());
                   });
  controller.start(smallPlan(40));
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }));
  EXPECT_EQ(recorded, 40);
  EXPECT_EQ(view.series().size(), 40u);
  ASSERT_EQ(report->runs.size(), 1u);
  EXPECT_EQ(report->runs[0].summary.trials, 40);
  EXPECT_EQ(view.series().distinct(), report->runs[0].summary.distinctDigests);
  const auto plots = view.plots();
  ASSERT_GE(plots.size(), 4u);
  // Distinct-so-far and timing have one point per trial; the diff plot one per differing trial.
  EXPECT_EQ(plots[1]->pointCount(), 40);
  EXPECT_EQ(plots[3]->pointCount(), 40);
  EXPECT_EQ(plots[0]->pointCount(), 40 - view.series().identicalToFirst);
  EXPECT_FALSE(controller.isRunning());
}

TEST(RunControllerTest, CancelStopsARunEarly) {
  RunController controller(registry());
  std::optional<bool> cancelledFlag;
  int trials = 0;
  QObject::connect(&controller, &RunController::progress, &controller, [&](int done, int, double) {
    if (done > 0) controller.cancel();
  });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument& doc, bool cancelled) {
                     cancelledFlag = cancelled;
                     trials = doc.runs.empty() ? 0 : doc.runs.front().summary.trials;
                   });
  controller.start(smallPlan(1000000));
  ASSERT_TRUE(testing::waitUntil([&] { return cancelledFlag.has_value(); }));
  EXPECT_TRUE(*cancelledFlag);
  EXPECT_GT(trials, 0);
  EXPECT_LT(trials, 1000000);
}

TEST(RunControllerTest, ACompareRunsEveryConfigurationAndKeepsThemApart) {
  RunController controller(registry());
  RunPlan plan = smallPlan(10);
  plan.configurations = {*sweepPreset("default", {}), *sweepPreset("deterministic", {})};
  std::map<int, int> perConfig;
  std::optional<ReportDocument> report;
  QObject::connect(&controller, &RunController::trialsRecorded, &controller,
                   [&](int config, const QVector<TrialRecord>& r) {
                     perConfig[config] += static_cast<int>(r.size());
                   });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument& doc, bool) { report = doc; });
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }));
  EXPECT_EQ(report->kind, ReportKind::Sweep);
  ASSERT_EQ(report->runs.size(), 2u);
  EXPECT_EQ(perConfig[0], 10);
  EXPECT_EQ(perConfig[1], 10);
  EXPECT_TRUE(report->runs[1].summary.reproducible);
}

TEST(RunControllerTest, ABadRequestFailsWithAMessageAndNoThread) {
  RunController controller(registry());
  RunPlan plan = smallPlan(10);
  plan.request.params["size"] = -1;
  QString message;
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return !message.isEmpty(); }, 10000));
  EXPECT_TRUE(message.contains(QStringLiteral("size"))) << message.toStdString();
  EXPECT_FALSE(controller.isRunning());
}

}  // namespace
}  // namespace detbench::gui
