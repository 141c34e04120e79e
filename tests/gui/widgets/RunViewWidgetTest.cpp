// The run view filled by a real run through the controller, as the window connects them.

#include "widgets/RunViewWidget.hpp"

#include <gtest/gtest.h>

#include "GuiTestSupport.hpp"
#include "controllers/RunController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"

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

TEST(RunViewWidgetTest, ARunOnCpuThreadsFillsThePlots) {
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

}  // namespace
}  // namespace detbench::gui
