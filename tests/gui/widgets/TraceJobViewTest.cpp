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
  EXPECT_TRUE(
      html.contains(QStringLiteral("2 processes that were neither multiprocessing's nor commands "
                                   "ran 7 torch ops")))
      << html.toStdString();

  job.ranks.emplace_back();
  job.ranks.back().rank = 0;
  const QString ranked = traceJobHtml(job, PyTorchRelease{2, 8});
  EXPECT_TRUE(ranked.contains(QStringLiteral("The job: 1 rank"))) << ranked.toStdString();
  EXPECT_TRUE(ranked.contains(QStringLiteral("<table"))) << ranked.toStdString();
}

// Processes the script started itself, compared each with the same process of run 1, are
// called so, not a process pool; a pool beside them is named with them.
TEST(TraceJobViewTest, TheScriptsOwnProcessesAreNamedAsSuchNotAsAPool) {
  trace::TraceJobResult job;
  job.pool.emplace();
  job.pool->rank = trace::kPoolRank;
  job.poolWorkers = 2;
  job.poolTasks = 2;
  job.poolProcesses = 2;
  const QString html = traceJobHtml(job, PyTorchRelease{2, 8});
  EXPECT_TRUE(
      html.contains(QStringLiteral("The script's processes: 2, each against the same "
                                   "process of run 1")))
      << html.toStdString();
  EXPECT_FALSE(html.contains(QStringLiteral("process pool"))) << html.toStdString();
  EXPECT_EQ(tracePoolName(job), QStringLiteral("the script's processes"));

  job.poolTasks = 5;
  const QString mixed = traceJobHtml(job, PyTorchRelease{2, 8});
  EXPECT_TRUE(
      mixed.contains(QStringLiteral("The process pool and the script's processes: 2 "
                                    "workers, 5 tasks")))
      << mixed.toStdString();
  job.poolProcesses = 0;
  EXPECT_EQ(tracePoolName(job), QStringLiteral("the process pool"));
}

}  // namespace
}  // namespace detbench::gui
