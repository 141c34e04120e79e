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

// The notes, a data cause's numbers and where the runs part, in the workbench's words (here
// English: no translator loaded): what the core says of them, the same facts.
TEST(TraceTextsTest, NotesArgumentsAndPartingsAreTheWorkbenchsOwnWords) {
  trace::TraceAlignment a;
  trace::TraceCause note;
  note.seq = 4;
  note.runs = {2, 3};
  note.arguments = {{"shifts", "3", "19", 2}};
  note.absorbedBy = trace::TraceAbsorber{4, 0, "aten::roll", std::nullopt};
  EXPECT_EQ(tracetext::argumentsText(note),
            QStringLiteral("shifts was 3 in run 1 and 19 in run 2"));
  EXPECT_EQ(tracetext::noteText(a, note).toStdString(), trace::describeNote(note));
  note.arguments.clear();
  note.absorbedBy = trace::TraceAbsorber{7, 0, "aten::sum", trace::TraceSite{0, "t.py", 9, "f"}};
  EXPECT_EQ(tracetext::noteText(a, note),
            QStringLiteral("gave other bits in runs 2, 3; op 7 aten::sum at t.py:9 (f) read them "
                           "and gave equal bits, and nothing else used them: no result depends "
                           "on them"));
  note.absorbedBy.reset();
  EXPECT_EQ(tracetext::noteText(a, note).toStdString(), trace::describeNote(note));
  trace::TraceParting p;
  p.run = 2;
  p.seq = 5;
  p.kind = trace::PartingKind::RunEnded;
  p.reference = "aten::add.Tensor";
  EXPECT_EQ(tracetext::partingText(p).toStdString(), trace::describeParting(p));
  p.kind = trace::PartingKind::DifferentOp;
  p.other = "aten::mul.Tensor";
  p.otherSite = trace::TraceSite{0, "t.py", 3, "<module>"};
  EXPECT_EQ(tracetext::partingText(p).toStdString(), trace::describeParting(p));
}

// The files runs read that an earlier run left: said where the runs do not agree, with the
// runs, the file, the line that opened it and the rank it was read on; nothing where they agree.
TEST(TraceTextsTest, FilesAnEarlierRunLeftAreNamedWithTheRunsThatReadThem) {
  trace::TraceConfigResult c;
  c.alignment.runs.resize(3);
  for (int r = 0; r < 3; ++r) c.alignment.runs[static_cast<std::size_t>(r)].run = r + 1;
  trace::TraceRankResult rank;
  rank.rank = 1;
  rank.alignment = c.alignment;
  const trace::TraceEarlierFile file{"/w/state.pt", 0, 4, trace::TraceSite{1, "/w/t.py", 9, "f"}};
  rank.alignment.runs[1].earlierFiles = {file};
  rank.alignment.runs[2].earlierFiles = {file, file};
  c.job.ranks.push_back(rank);
  c.alignment.partings.push_back(trace::TraceParting{});  // the runs do not agree
  EXPECT_EQ(tracetext::earlierFilesText(c),
            QStringLiteral("Rank 1: The script read /w/state.pt in runs 2, 3 (opened at t.py:9 "
                           "(f), after op 4), written after the trace began and before run 2 "
                           "did: what an earlier run left. Runs that start from what another run "
                           "left do not start alike, however they are seeded: remove it before "
                           "each run, or keep the script from reading it while it is traced. "
                           "One other file too: the report lists it."));
  EXPECT_EQ(trace::describeEarlierFiles(c).rfind("rank 1: runs 2 and 3 read /w/state.pt at t.py:9 "
                                                 "(f) (after op 4) and 1 other file, written",
                                                 0),
            0u)
      << trace::describeEarlierFiles(c);
  c.alignment.partings.clear();
  c.alignment.runs.clear();  // (no runs: nothing is called reproducible either)
  c.job.ranks.clear();
  EXPECT_TRUE(tracetext::earlierFilesText(c).isEmpty());
}

}  // namespace
}  // namespace detbench::gui
