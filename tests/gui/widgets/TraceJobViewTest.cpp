// The Trace tab's lines about a script's other processes: a job's table of ranks where it has
// ranks, and only the lines that apply where it has none (processes outside any process group).

#include "widgets/TraceJobView.hpp"

#include <gtest/gtest.h>

namespace detbench::gui {
namespace {

TEST(TraceJobViewTest, ProcessesWithoutRanksGiveNoTableOfZeroRanks) {
  trace::TraceJobResult job;
  job.unrankedProcesses = 2;
  job.unrankedOps = 7;
  const QString html = traceJobHtml(job, PyTorchRelease{2, 8});
  EXPECT_FALSE(html.contains(QStringLiteral("The job:"))) << html.toStdString();
  EXPECT_FALSE(html.contains(QStringLiteral("<table"))) << html.toStdString();
  EXPECT_TRUE(html.contains(QStringLiteral("2 processes ran 7 torch ops"))) << html.toStdString();

  job.ranks.emplace_back();
  job.ranks.back().rank = 0;
  const QString ranked = traceJobHtml(job, PyTorchRelease{2, 8});
  EXPECT_TRUE(ranked.contains(QStringLiteral("The job: 1 rank"))) << ranked.toStdString();
  EXPECT_TRUE(ranked.contains(QStringLiteral("<table"))) << ranked.toStdString();
}

}  // namespace
}  // namespace detbench::gui
