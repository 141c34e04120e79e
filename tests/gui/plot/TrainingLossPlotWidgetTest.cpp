// The training lesson's plot shows its point: under its own axis, the loss of every run minus
// run 1's is exactly zero under full determinism and leaves zero under default settings, even
// when the curves above lie on each other.

#include "plot/TrainingLossPlotWidget.hpp"

#include <gtest/gtest.h>

namespace detbench::gui {
namespace {

TEST(TrainingLossPlotWidgetTest, TheLossDifferenceIsZeroOnlyWhereTheRunsAreIdentical) {
  demo::TrainingOutcome outcome;
  demo::TrainingConfigOutcome def;
  def.name = "default";
  // Three runs whose losses part in the 7th digit from step 4 on.
  for (int r = 0; r < 3; ++r) {
    std::vector<float> losses;
    for (int step = 0; step < 20; ++step)
      losses.push_back(0.4f - 0.01f * static_cast<float>(step) +
                       (step >= 4 ? 1e-6f * static_cast<float>(r) : 0.0f));
    def.losses.push_back(losses);
  }
  demo::TrainingConfigOutcome det = def;
  det.name = "deterministic";
  det.losses = {def.losses[0], def.losses[0], def.losses[0]};
  outcome.configs = {def, det};
  TrainingLossPlotWidget plot;
  plot.resize(600, 400);
  plot.setOutcome(outcome);
  EXPECT_EQ(plot.largestDifference(1), 0.0);
  EXPECT_GT(plot.largestDifference(0), 1e-6);
  EXPECT_EQ(plot.pointCount(), 2 * 3 * 20);
}

}  // namespace
}  // namespace detbench::gui
