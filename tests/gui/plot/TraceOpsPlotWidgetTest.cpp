// The trace's plot of ops against run 1 labels its rows (a run and a thread each) only where the
// axis has room for a line of text each; closer rows are labelled in turn, the rows that hold a
// cause first, so that no two labels are written over each other.

#include "plot/TraceOpsPlotWidget.hpp"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <algorithm>

namespace detbench::gui {
namespace {

using S = trace::OpStatus;

// Lays the plot out at `height` pixels and lets it fit its labels (a replot, then the one the
// fitted labels ask for).
QStringList labelsAt(TraceOpsPlotWidget& plot, int height) {
  plot.resize(700, height);
  for (int i = 0; i < 6; ++i) QCoreApplication::processEvents();
  return plot.rowLabels();
}

TEST(TraceOpsPlotWidgetTest, RowsTooCloseForTheirLabelsAreLabelledInTurnTheCauseFirst) {
  trace::TraceConfigResult config;
  config.config.name = "default";
  trace::TraceRunSummary one, two;
  one.run = 1;
  two.run = 2;
  one.statuses = two.statuses = {S::Equal};
  two.threadStatuses.assign(7, {S::Equal, S::Equal});
  two.threadStatuses[6] = {S::Equal, S::Introduced};  // thread 7, the top row
  config.alignment.runs = {one, two};
  for (int t = 1; t <= 7; ++t) {
    config.alignment.threads.push_back({t, "task " + std::to_string(t - 1) + ": work"});
  }
  TraceOpsPlotWidget plot;
  plot.show();
  plot.setConfig(&config);

  const QStringList tight = labelsAt(plot, 170);
  ASSERT_EQ(tight.size(), 8);  // run 2's main thread and its 7 tasks
  const auto labelled = static_cast<int>(
      std::count_if(tight.begin(), tight.end(), [](const QString& l) { return !l.isEmpty(); }));
  EXPECT_GT(labelled, 0);
  EXPECT_LT(labelled, 8) << tight.join(QStringLiteral(" | ")).toStdString();
  EXPECT_EQ(tight.back(), QStringLiteral("run 2, task 6"));
  for (int i = 1; i < tight.size(); ++i) {  // no two neighbours both labelled
    EXPECT_FALSE(!tight[i].isEmpty() && !tight[i - 1].isEmpty()) << i;
  }

  // An export is fitted at its own size, whatever the widget's.
  EXPECT_FALSE(plot.toPng(700, 900).isEmpty());
  for (const QString& l : plot.rowLabels()) EXPECT_FALSE(l.isEmpty());

  const QStringList roomy = labelsAt(plot, 900);
  ASSERT_EQ(roomy.size(), 8);
  EXPECT_EQ(roomy.front(), QStringLiteral("run 2, main thread"));
  for (const QString& l : roomy) EXPECT_FALSE(l.isEmpty());
}

// A run's line says "equal to run 1": it covers the ops compared, not those past where the runs
// part (nor outside the window), which before drew as equal to the run's end.
TEST(TraceOpsPlotWidgetTest, ARunsLineEndsWhereItsOpsStopBeingCompared) {
  trace::TraceConfigResult config;
  trace::TraceRunSummary one, two, three, four;
  one.run = 1;
  two.run = 2;
  three.run = 3;
  four.run = 4;
  two.statuses = {S::Equal, S::Equal, S::Inherited, S::NotCompared, S::NotCompared};
  three.statuses = {S::NotCompared, S::Equal, S::Equal, S::NotCompared};  // a window
  four.statuses = {S::NotCompared, S::NotCompared};
  config.alignment.runs = {one, two, three, four};
  TraceOpsPlotWidget plot;
  plot.setConfig(&config);
  EXPECT_EQ(plot.lineSpan(0), (std::pair<std::size_t, std::size_t>{1, 3}));
  EXPECT_EQ(plot.lineSpan(1), (std::pair<std::size_t, std::size_t>{2, 3}));
  EXPECT_FALSE(plot.lineSpan(2).has_value());
  EXPECT_FALSE(plot.lineSpan(3).has_value());
}

}  // namespace
}  // namespace detbench::gui
