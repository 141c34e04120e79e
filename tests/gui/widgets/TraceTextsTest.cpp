// Short names for the trace's threads, as the ops table and the plot's rows give them; how a run
// ended, in the workbench's words.

#include "widgets/TraceTexts.hpp"

#include <gtest/gtest.h>

#include "detbench/trace/TraceAlignment.hpp"

namespace detbench::gui {
namespace {

using tracetext::laneText;

TEST(TraceTextsTest, ATasksThreadIsNamedWithItsTaskAndItsPlaceThere) {
  EXPECT_EQ(laneText(QStringLiteral("task 2: work"), 3), QStringLiteral("task 2"));
  EXPECT_EQ(laneText(QStringLiteral("task 2: work, thread 1: Thread-3 (load)"), 5),
            QStringLiteral("task 2, thread 1"));
  EXPECT_EQ(laneText(QStringLiteral("rank 1, task 0.2: work, thread 12: Thread-40"), 9),
            QStringLiteral("rank 1, task 0.2, thread 12"));
  EXPECT_EQ(laneText(QStringLiteral("process 2: train"), 2), QStringLiteral("process 2"));
  EXPECT_EQ(laneText(QStringLiteral("process 1, task 0: work"), 3),
            QStringLiteral("process 1, task 0"));
  // Not a task: the thread's number.
  EXPECT_EQ(laneText(QStringLiteral("ForkPoolWorker-1, before its first task, thread 1: T"), 4),
            QStringLiteral("thread 4"));
  EXPECT_EQ(laneText(QStringLiteral("loader"), 1), QStringLiteral("thread 1"));
}

// A run that exited is said in the workbench's words, the exception's own words after them; a
// process pool's run names the process that failed.
TEST(TraceTextsTest, ARunThatExitedNamesItsCodeAndTheProcessThatFailed) {
  trace::TraceRunSummary run;
  run.exit.exited = true;
  run.exit.code = 3;
  EXPECT_EQ(tracetext::runEndText(run),
            QStringLiteral("exited with 3 without the probe's last record"));
  trace::TraceEnd end;
  end.status = "exception";
  end.type = "RuntimeError";
  end.message = "boom";
  run.end = end;
  run.exit.code = 1;
  run.exit.process = "process 1: work";
  EXPECT_EQ(tracetext::runEndText(run),
            QStringLiteral("failed in process 1: work, which exited with 1: RuntimeError: boom"));
}

}  // namespace
}  // namespace detbench::gui
