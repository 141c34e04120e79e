// Traced runs of small scripts (tests/trace/scripts) with Debian's python3-torch: each script
// makes its runs differ deterministically (by the run number detbench exposes), so nothing here
// waits on a race; skipped where that python has no torch.

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <string>

#include "TracePython.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::trace {
namespace {

class TraceRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  }
  TraceResult trace(const std::string& script, int runs = 2, TraceSettings settings = {},
                    std::chrono::milliseconds timeout = std::chrono::milliseconds(0),
                    bool secondPass = true) {
    TracePlan plan;
    plan.secondPass = secondPass;
    plan.command = parseScriptCommand({kTracePython, kScripts + "/" + script});
    plan.runs = runs;
    plan.configs = {TraceConfig{"default", settings}};
    plan.timeout = timeout;
    const PythonCheck python = checkPython(plan.command, "");
    return runTrace(plan, python);
  }
};

TEST_F(TraceRun, ANumberThatDependsOnTheRunIsDataAtItsLineAndIsMeasured) {
  const TraceResult r = trace("perturbed.py");
  ASSERT_EQ(r.configs.size(), 1u);
  const TraceConfigResult& c = r.configs[0];
  ASSERT_EQ(c.alignment.runs.size(), 2u);
  EXPECT_TRUE(c.alignment.runs[0].completed());
  EXPECT_TRUE(c.alignment.runs[1].completed());
  ASSERT_EQ(c.alignment.causes.size(), 1u);
  const TraceCause& cause = c.alignment.causes[0];
  // The op's tensors were equal; its Python number was not: data from outside, named.
  EXPECT_EQ(cause.category, CauseCategory::Data);
  EXPECT_EQ(atenBaseName(cause.op.name), "mul");
  ASSERT_EQ(cause.arguments.size(), 1u);
  EXPECT_EQ(cause.arguments[0].name, "other");
  EXPECT_NE(cause.arguments[0].reference, cause.arguments[0].other);
  EXPECT_EQ(explainCause(cause, PyTorchRelease{2, 8}).kind, CauseKind::PythonNumber);
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("perturbed.py", "# CAUSE"));
  EXPECT_NE(cause.site->file.find("perturbed.py"), std::string::npos);
  EXPECT_EQ(cause.op.outputs.at(0).shape, (Shape{8}));
  // The second pass: the outputs of that op only, compared element by element.
  ASSERT_TRUE(c.secondPassRan);
  const CauseDifference& d = c.differences.at(causeId(cause));
  EXPECT_TRUE(d.measured) << d.note;
  EXPECT_EQ(d.diff.elements, 8);
  EXPECT_EQ(d.diff.nDiff, 7);  // 0 * anything is 0
  EXPECT_GT(d.diff.maxUlp, 0u);
  // Later ops inherit: the sum differs without being a cause.
  const auto& statuses = c.alignment.runs[1].statuses;
  EXPECT_EQ(statuses.at(static_cast<std::size_t>(cause.seq) - 1), OpStatus::Data);
  EXPECT_EQ(statuses.at(static_cast<std::size_t>(cause.seq)), OpStatus::Inherited);
}

TEST_F(TraceRun, NumbersFromPythonsRandomAreDataAtTheirLinesWithThatFix) {
  const TraceResult r = trace("python_random.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_EQ(a.unseededGenerators, std::vector<std::string>{"random"});
  ASSERT_EQ(a.causes.size(), 2u);
  const TraceCause& scale = a.causes[0];
  EXPECT_EQ(scale.category, CauseCategory::Data);
  ASSERT_EQ(scale.arguments.size(), 1u);
  EXPECT_EQ(scale.arguments[0].name, "other");
  EXPECT_EQ(scale.site->line, lineOf("python_random.py", "# SCALE"));
  EXPECT_EQ(explainCause(scale, PyTorchRelease{2, 8}, a.unseededGenerators).fix,
            TraceFix::SeedPythonRandom);
  // The shuffled list becomes a tensor outside any op: data, at the line that reads it.
  const TraceCause& order = a.causes[1];
  EXPECT_EQ(order.category, CauseCategory::Data);
  EXPECT_TRUE(order.arguments.empty());
  EXPECT_EQ(order.site->line, lineOf("python_random.py", "# SHUFFLE"));
  EXPECT_EQ(explainCause(order, PyTorchRelease{2, 8}, a.unseededGenerators).fix,
            TraceFix::SeedPythonRandom);
}

TEST_F(TraceRun, ANumberFromNumpysGlobalGeneratorNamesNumpy) {
  const TraceResult r = trace("numpy_scalar.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].site->line, lineOf("numpy_scalar.py", "# NUMPY"));
  EXPECT_EQ(explainCause(a.causes[0], PyTorchRelease{2, 8}, a.unseededGenerators).fix,
            TraceFix::SeedNumpyRandom);
}

// Before, each of these said "seed the generators: --seed": the script seeded them itself.
TEST_F(TraceRun, ARandomOpsFixFollowsHowItsGeneratorWasSeeded) {
  const TraceResult r = trace("seeded_otherwise.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  const auto fixAt = [&a](const char* mark) {
    const int line = lineOf("seeded_otherwise.py", mark);
    for (const auto& c : a.causes) {
      if (c.site && c.site->line == line) return explainCause(c, PyTorchRelease{2, 8}).fix;
    }
    ADD_FAILURE() << "no cause at " << mark;
    return TraceFix::None;
  };
  EXPECT_EQ(fixAt("# RESEEDED"), TraceFix::SeedFixedNumber);
  EXPECT_EQ(fixAt("# OWN"), TraceFix::SeedFixedNumber);
  EXPECT_EQ(fixAt("# SIZE"), TraceFix::SameNumber);
  EXPECT_EQ(fixAt("# DRAWS"), TraceFix::OtherDraws);
  EXPECT_EQ(a.causes.size(), 4u);
}

TEST_F(TraceRun, ALearningRateOffTheClockIsANumberTheScriptComputes) {
  const TraceResult r = trace("clock_lr.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_EQ(a.causes.size(), 1u);
  const TraceCause& lr = a.causes[0];
  EXPECT_EQ(lr.site->line, lineOf("clock_lr.py", "# LR"));
  ASSERT_EQ(lr.arguments.size(), 1u);
  EXPECT_EQ(lr.arguments[0].name, "alpha");
  EXPECT_EQ(explainCause(lr, PyTorchRelease{2, 8}, a.unseededGenerators).fix, TraceFix::SameNumber);
}

// Before, "a number the script computes differently in each run (the clock, ...)": the number
// came from torch's generator, which the script never seeded.
TEST_F(TraceRun, ANumberFromTorchsUnseededGeneratorIsFixedBySeedingIt) {
  const TraceResult r = trace("torch_number.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_NE(std::find(a.unseededGenerators.begin(), a.unseededGenerators.end(), "torch"),
            a.unseededGenerators.end());
  // The draw is the cause; the op handed its number through item() inherits it (before, that op
  // was a cause of its own, "a number from Python").
  ASSERT_EQ(a.causes.size(), 1u);
  const TraceCause& draw = a.causes.front();
  ASSERT_TRUE(draw.site.has_value());
  EXPECT_EQ(draw.site->line, lineOf("torch_number.py", "# DRAW"));
  const CauseExplanation e = explainCause(draw, PyTorchRelease{2, 8}, a.unseededGenerators);
  EXPECT_EQ(e.kind, CauseKind::RandomNumbers);
  EXPECT_EQ(e.fix, TraceFix::Seed);
  EXPECT_TRUE(draw.matters);
}

TEST_F(TraceRun, ASeededLstmIsReproducibleInEveryResult) {
  // torch.empty memory under the LSTM's parameters (PyTorch 1.13) and scratch outputs are
  // notes, not causes: the runs agree in everything the script computes from.
  const TraceResult r = trace("lstm_seeded.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_TRUE(a.causes.empty()) << a.causes.front().op.name;
  EXPECT_TRUE(a.partings.empty());
  EXPECT_TRUE(a.reproducible());
  EXPECT_GT(a.comparedOps(), 100);  // 6,070 with 1.13, 262 with 2.15 (oneDNN's fused layer)
  for (const auto& note : a.notes) EXPECT_FALSE(note.matters);
}

TEST_F(TraceRun, ResizingABufferWithinItsMemoryReadsNothingAndWritesNothing) {
  // Before, resize_ counted as writing its tensor whole: the garbage a torch.FloatTensor(sizes)
  // holds became its output, the .data that followed read it, and resize_ was a cause ("an op
  // the catalog does not hold") in a seeded script.
  const TraceResult r = trace("resize_buffers.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_TRUE(a.causes.empty()) << a.causes.front().op.name << " at op " << a.causes.front().seq;
  EXPECT_TRUE(a.partings.empty());
  EXPECT_TRUE(a.reproducible());
  EXPECT_GT(a.comparedOps(), 20);
}

TEST_F(TraceRun, ACompiledFunctionIsTracedAsOneRegionRunAsCompiled) {
  if (!kTraceTorchCompile) {
    GTEST_SKIP() << "the PyTorch of " << kTracePython << " has no torch.compile (2.0 and later)";
  }
  const TraceResult r = trace("compiled_region.py", 2, {}, {}, false);
  const TraceConfigResult& c = r.configs.at(0);
  ASSERT_TRUE(c.alignment.runs.at(0).start.has_value());
  EXPECT_EQ(c.alignment.runs[0].start->compile, "regions");
  ASSERT_EQ(c.alignment.causes.size(), 1u);
  const TraceCause& region = c.alignment.causes[0];
  EXPECT_EQ(region.op.name, "compiled::step");
  EXPECT_EQ(region.category, CauseCategory::Data);
  ASSERT_EQ(region.arguments.size(), 1u);
  EXPECT_EQ(region.arguments[0].name, "arg1");
  EXPECT_EQ(region.site->line, lineOf("compiled_region.py", "# REGION"));
  // Nothing inside the region was traced op by op.
  for (const auto& cause : c.alignment.causes) EXPECT_NE(cause.op.name, "aten::relu");
}

TEST_F(TraceRun, InsideACompiledRegionTheFirstKernelThatDiffersIsNamed) {
  if (!kTraceTorchCompile) {
    GTEST_SKIP() << "the PyTorch of " << kTracePython << " has no torch.compile (2.0 and later)";
  }
  const TraceResult r = trace("compiled_kernels.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_EQ(a.causes.size(), 1u);
  const TraceCause& region = a.causes[0];
  EXPECT_EQ(region.op.name, "compiled::step");
  EXPECT_EQ(region.category, CauseCategory::Introduced);
  EXPECT_EQ(region.site->line, lineOf("compiled_kernels.py", "# REGION"));
  ASSERT_TRUE(region.kernels.has_value()) << "no kernels listed";
  // 2.15: relu, then softmax with the random numbers; the relu kernel agrees.
  EXPECT_GE(region.kernels->count, 2);
  EXPECT_GE(region.kernels->index, 1);
  EXPECT_TRUE(kernelDrawsRandomNumbers(region.kernels->name)) << region.kernels->name;
  // The script seeds from the clock (torch.seed()): a fixed number is the fix, not --seed.
  EXPECT_EQ(explainCause(region, PyTorchRelease{2, 15}).fix, TraceFix::SeedFixedNumber);
}

TEST_F(TraceRun, ACompiledModelsBackwardPassesTheForwardsDifferenceOn) {
  if (!kTraceTorchCompile) {
    GTEST_SKIP() << "the PyTorch of " << kTracePython << " has no torch.compile (2.0 and later)";
  }
  const TraceResult r = trace("compiled_training.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_FALSE(a.causes.empty());
  for (const auto& c : a.causes) {
    EXPECT_EQ(c.op.name, "compiled::Sequential.forward") << "op " << c.seq;
    EXPECT_EQ(c.site->line, lineOf("compiled_training.py", "# FORWARD"));
  }
  EXPECT_EQ(explainCause(a.causes.front(), PyTorchRelease{2, 15}).fix, TraceFix::SeedFixedNumber);
}

// 1 (ones) + 100 * 3 ops; the probe sends them in blocks, so the last ones come from its ring.
constexpr std::int64_t kOpsBeforeTheEnd = 301;

// One run of exits_abruptly.py in `mode`.
TraceRunSummary runEndingAbruptly(const std::string& mode) {
  TracePlan plan;
  plan.command = parseScriptCommand({kTracePython, kScripts + "/exits_abruptly.py", mode});
  plan.runs = 1;
  plan.configs = {TraceConfig{"default", {}}};
  return runTrace(plan, checkPython(plan.command, "")).configs.at(0).alignment.runs.at(0);
}

TEST_F(TraceRun, EveryOpRecordedBeforeAnOsExitIsKept) {
  const TraceRunSummary run = runEndingAbruptly("exit");
  EXPECT_EQ(run.ops, kOpsBeforeTheEnd);
  EXPECT_TRUE(run.exit.exited);
  EXPECT_EQ(run.exit.code, 3);
  EXPECT_TRUE(run.exit.problem.empty()) << run.exit.problem;
}

TEST_F(TraceRun, EveryOpRecordedBeforeACrashIsKept) {
  const TraceRunSummary run = runEndingAbruptly("segfault");
  EXPECT_EQ(run.ops, kOpsBeforeTheEnd);
  EXPECT_FALSE(run.exit.exited);
  EXPECT_EQ(run.exit.signal, SIGSEGV);
}

TEST_F(TraceRun, EveryOpRecordedBeforeAKillIsKept) {
  // The script ignores SIGINT and says when it hangs; the test then cancels (as Ctrl-C or the
  // timeout does), and after the grace the script is killed.
  TracePlan plan;
  plan.command = parseScriptCommand({kTracePython, kScripts + "/exits_abruptly.py", "hang"});
  plan.runs = 1;
  plan.configs = {TraceConfig{"default", {}}};
  CancelToken cancel;
  TraceCallbacks callbacks;
  std::string seen;
  callbacks.onOutput = [&](std::string_view text) {
    seen.append(text);
    if (seen.find("hanging") != std::string::npos) cancel.cancel();
  };
  const TraceResult r = runTrace(plan, checkPython(plan.command, ""), callbacks, &cancel);
  const TraceRunSummary& run = r.configs.at(0).alignment.runs.at(0);
  EXPECT_TRUE(run.exit.cancelled);
  EXPECT_FALSE(run.exit.exited);
  EXPECT_EQ(run.exit.signal, SIGKILL);
  EXPECT_EQ(run.ops, kOpsBeforeTheEnd);
}

TEST_F(TraceRun, AnExceptionTheScriptCatchesIsARecordAndTheRunGoesOn) {
  const TraceResult r = trace("catches_an_error.py", 2, {}, {}, false);
  const TraceConfigResult& c = r.configs.at(0);
  for (const auto& run : c.alignment.runs) {
    EXPECT_TRUE(run.completed()) << describeRunEnd(run);
    EXPECT_TRUE(run.exit.problem.empty()) << run.exit.problem;
    ASSERT_TRUE(run.lastRaise.has_value());
    ASSERT_TRUE(run.lastRaiseSite.has_value());
    EXPECT_EQ(run.lastRaiseSite->line, lineOf("catches_an_error.py", "# RAISES"));
    EXPECT_GT(run.ops, run.lastRaise->seq);  // the ops after it were traced
  }
  EXPECT_TRUE(c.alignment.reproducible());
  EXPECT_FALSE(c.failed());
}

TEST_F(TraceRun, ATensorSubclassAndANestedTensorDoNotBreakTheScript) {
  const TraceResult r = trace("subclass_and_nested.py", 1, {}, {}, false);
  const TraceRunSummary& run = r.configs.at(0).alignment.runs.at(0);
  EXPECT_TRUE(run.completed()) << describeRunEnd(run) << "\n" << run.exit.stderrTail;
}

TEST_F(TraceRun, OpsOnTheScriptsOwnThreadsAreAlignedThreadByThread) {
  const TraceResult r = trace("threads.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_EQ(a.otherThreadOps, 0);
  ASSERT_EQ(a.threads.size(), 5u);
  EXPECT_EQ(a.threadName(1), "scaler");
  EXPECT_EQ(a.threadName(5), "steady-3");
  EXPECT_TRUE(a.partings.empty());
  // One cause, on the thread that brought the number in; the main thread inherits it.
  ASSERT_EQ(a.causes.size(), 1u);
  const TraceCause& cause = a.causes[0];
  EXPECT_EQ(cause.thread, 1);
  EXPECT_EQ(cause.category, CauseCategory::Data);
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("threads.py", "# CAUSE"));
  EXPECT_EQ(cause.runs, (std::vector<int>{2}));
  EXPECT_FALSE(a.reproducible());
  EXPECT_NE(describeVerdict(r.configs[0]).find("1 cause"), std::string::npos)
      << describeVerdict(r.configs[0]);
  // Every thread's ops were compared: 1 + 3 on "scaler", 1 + 50 * 2 + 1 on each steady one.
  EXPECT_GE(a.comparedOps(), 4 + 4 * 102);
}

TEST_F(TraceRun, APoolsTasksAreAlignedTaskByTaskWhicheverWorkerRanThem) {
  const TraceResult r = trace("thread_pool.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_TRUE(a.partings.empty());
  ASSERT_EQ(a.threads.size(), 6u);  // the tasks; the pool's workers record nothing themselves
  EXPECT_EQ(a.threadName(3), "task 3: work");
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].thread, 3);
  ASSERT_TRUE(a.causes[0].site.has_value());
  EXPECT_EQ(a.causes[0].site->line, lineOf("thread_pool.py", "# CAUSE"));
}

// multiprocessing's ThreadPool: map's chunks and apply_async's calls are numbered as the pool
// hands them out (before, its workers were aligned as threads and the runs parted).
TEST_F(TraceRun, AMultiprocessingThreadPoolsTasksAreAlignedTaskByTask) {
  const TraceResult r = trace("mp_thread_pool.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_TRUE(a.partings.empty());
  ASSERT_EQ(a.threads.size(), 6u);  // 4 chunks of map, 2 apply_async; no worker or handler
  EXPECT_EQ(a.threadName(5), "task 5: work");
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].thread, 5);
  ASSERT_TRUE(a.causes[0].site.has_value());
  EXPECT_EQ(a.causes[0].site->line, lineOf("mp_thread_pool.py", "# CAUSE"));
}

// asyncio's tasks take turns on one thread in an order that follows timing (here the run
// number): each task is aligned as a thread of its own, numbered when it is created (before, the
// main thread's ops interleaved otherwise in each run and every op after the first turn differed).
TEST_F(TraceRun, AsyncioTasksAreAlignedTaskByTaskWhateverOrderTheyTookTurnsIn) {
  const TraceResult r = trace("async_tasks.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_TRUE(a.partings.empty());
  ASSERT_EQ(a.threads.size(), 3u);  // main, "a" and "b"
  EXPECT_EQ(a.threadName(1), "task 1: main");
  EXPECT_EQ(a.threadName(3), "task 3: work");
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].thread, 3);
  ASSERT_TRUE(a.causes[0].site.has_value());
  EXPECT_EQ(a.causes[0].site->line, lineOf("async_tasks.py", "# CAUSE"));
}

TEST_F(TraceRun, OneRunIsTracedWithNothingToCompare) {
  const TraceResult r = trace("parts.py", 1);
  ASSERT_EQ(r.configs.size(), 1u);
  EXPECT_TRUE(r.configs[0].alignment.runs[0].completed());
  EXPECT_GT(r.configs[0].alignment.runs[0].ops, 0);
  EXPECT_TRUE(r.configs[0].alignment.causes.empty());
}

TEST_F(TraceRun, DataFromOutsideIsNamedAsData) {
  const TraceResult r = trace("outside_data.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_FALSE(a.causes.empty());
  const TraceCause& cause = a.causes[0];
  EXPECT_EQ(cause.category, CauseCategory::Data);
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("outside_data.py", "# DATA"));
  const CauseExplanation e = explainCause(cause, PyTorchRelease{2, 8}, a.unseededGenerators);
  EXPECT_EQ(e.kind, CauseKind::Data);
  // No generator was drawn unseeded: the data is computed otherwise, no seed fixes it.
  EXPECT_TRUE(a.unseededGenerators.empty());
  EXPECT_EQ(e.fix, TraceFix::SameNumber);
}

TEST_F(TraceRun, MemoryOnceUninitializedAndHandedOutAgainIsWhatItsNewOpWrote) {
  const TraceResult r = trace("reused_memory.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].category, CauseCategory::Introduced);
  EXPECT_EQ(atenBaseName(a.causes[0].op.name), "rand");
  ASSERT_TRUE(a.causes[0].site.has_value());
  EXPECT_EQ(a.causes[0].site->line, lineOf("reused_memory.py", "# DRAW"));
}

TEST_F(TraceRun, TheLegacyConstructorRunsUnderTheTrace) {
  const TraceResult r = trace("legacy_constructor.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_EQ(a.runs.size(), 2u);
  EXPECT_TRUE(a.runs[0].completed()) << a.runs[0].exit.stderrTail;
  EXPECT_TRUE(a.runs[1].completed()) << a.runs[1].exit.stderrTail;
  EXPECT_TRUE(a.reproducible());
}

TEST_F(TraceRun, AResultReadThroughAViewBeforeAWriteIsNeverAgreement) {
  // Before, "the runs agree in every result" with the write a note ("no op read them").
  const TraceResult r = trace("view_before_write.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_FALSE(a.reproducible());
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(atenBaseName(a.causes[0].op.name), "add_");
  EXPECT_EQ(a.causes[0].site->line, lineOf("view_before_write.py", "# WRITE"));
  ASSERT_EQ(a.differingResults.size(), 1u);  // the first of the run: the view's
  EXPECT_EQ(a.differingResults[0].what, "Tensor.tolist");
  ASSERT_TRUE(a.differingResults[0].site.has_value());
  EXPECT_EQ(a.differingResults[0].site->line, lineOf("view_before_write.py", "# WRITE") + 1);
  EXPECT_EQ(a.differingResults[0].suspects.size(), 1u);
}

TEST_F(TraceRun, WhatNumpyReadsThroughSharedMemoryIsAResult) {
  // Before, "the runs agree in every result" while the script printed other sums: the write
  // was a note, no op reading what it wrote.
  const TraceResult r = trace("numpy_view.py", 2, {}, {}, false);
  const TraceAlignment& a = r.configs.at(0).alignment;
  EXPECT_FALSE(a.reproducible());
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(atenBaseName(a.causes[0].op.name), "add_");
  EXPECT_EQ(a.causes[0].site->line, lineOf("numpy_view.py", "# WRITE"));
  // The array's bits at the end are add_'s output: the digests follow it there.
  EXPECT_TRUE(a.notes.empty());
  EXPECT_TRUE(a.differingResults.empty());
}

TEST_F(TraceRun, WhereControlFlowPartsTheSequencesItSaysWhere) {
  const TraceResult r = trace("parts.py");
  const TraceAlignment& a = r.configs.at(0).alignment;
  ASSERT_EQ(a.partings.size(), 1u);
  const TraceParting& p = a.partings[0];
  EXPECT_EQ(p.kind, PartingKind::DifferentOp);
  EXPECT_EQ(atenBaseName(p.reference), "sum");
  EXPECT_EQ(atenBaseName(p.other), "mean");
  ASSERT_TRUE(p.otherSite.has_value());
  EXPECT_EQ(p.otherSite->line, lineOf("parts.py", "# PART"));
}

TEST_F(TraceRun, AFailingRunKeepsWhatWasTracedAndItsStandardError) {
  const TraceResult r = trace("fails.py");
  const TraceConfigResult& c = r.configs.at(0);
  EXPECT_TRUE(c.failed());
  const TraceRunSummary& second = c.alignment.runs.at(1);
  EXPECT_FALSE(second.completed());
  EXPECT_TRUE(second.exit.exited);
  EXPECT_EQ(second.exit.code, 1);
  EXPECT_GT(second.ops, 0);
  EXPECT_NE(second.exit.stderrTail.find("run 2 gives up here"), std::string::npos);
  ASSERT_TRUE(second.end.has_value());
  EXPECT_EQ(second.end->status, "exception");
  EXPECT_EQ(second.end->type, "RuntimeError");
  ASSERT_EQ(c.alignment.partings.size(), 1u);
  EXPECT_EQ(c.alignment.partings[0].kind, PartingKind::RunEnded);
  EXPECT_TRUE(c.alignment.causes.empty()) << "the ops both runs ran agree";
}

TEST_F(TraceRun, AScriptThatHangsIsStoppedAtTheTimeout) {
  const auto started = std::chrono::steady_clock::now();
  const TraceResult r = trace("hangs.py", 1, {}, std::chrono::seconds(3));
  const TraceRunSummary& run = r.configs.at(0).alignment.runs.at(0);
  EXPECT_TRUE(run.exit.timedOut);
  EXPECT_FALSE(run.completed());
  // What came before the stop is kept: the script says so once its first ops have run (a slow
  // machine may not get that far in 3 seconds, which is no failure of the timeout).
  if (run.exit.stderrTail.find("hanging now") != std::string::npos) {
    EXPECT_GT(run.ops, 0);
    // Where the script was when it was stopped, in its own words: its line, not the probe's.
    EXPECT_NE(describeRunEnd(run).find("stopped at the timeout in hangs.py:"), std::string::npos)
        << describeRunEnd(run);
  }
  // Measured, not asserted against a clock: it ended, which a hang would not.
  RecordProperty("seconds", static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(
                                                 std::chrono::steady_clock::now() - started)
                                                 .count()));
}

TEST_F(TraceRun, AnOpThatRaisesInErrorModeIsReportedAsWhatItIs) {
  TraceSettings settings;
  settings.deterministic = DeterministicMode::Error;
  const TraceResult r = trace("raises_in_error_mode.py", 1, settings);
  const TraceConfigResult& c = r.configs.at(0);
  const TraceRunSummary* raised = c.raisedNondeterministic();
  ASSERT_NE(raised, nullptr);
  ASSERT_TRUE(raised->lastRaise.has_value());
  EXPECT_EQ(atenBaseName(raised->lastRaise->op), "index_add");
  EXPECT_NE(raised->lastRaise->message.find("does not have a deterministic implementation"),
            std::string::npos);
  ASSERT_TRUE(raised->lastRaiseSite.has_value());
  EXPECT_EQ(raised->lastRaiseSite->line, lineOf("raises_in_error_mode.py", "# RAISES"));
  ASSERT_TRUE(raised->start.has_value());
  EXPECT_TRUE(raised->start->deterministic) << "error mode was applied before the script";
}

TEST_F(TraceRun, SettingsAreAppliedBeforeTheScriptAndOnlyWhenGiven) {
  TraceSettings settings;
  settings.seed = 7;
  settings.threads = 1;
  const TraceResult given = trace("perturbed.py", 1, settings);
  const auto& start = given.configs.at(0).alignment.runs.at(0).start;
  ASSERT_TRUE(start.has_value());
  EXPECT_EQ(start->threads, 1);
  bool seeded = false;
  for (const auto& [k, v] : start->applied) seeded = seeded || (k == "seed" && v == "7");
  EXPECT_TRUE(seeded);
  const TraceResult none = trace("perturbed.py", 1);
  EXPECT_TRUE(none.configs.at(0).alignment.runs.at(0).start->applied.empty());
}

TEST_F(TraceRun, BadInputIsRefusedBeforeAnyRun) {
  EXPECT_THROW(checkPython(parseScriptCommand({kTracePython, kScripts + "/missing.py"}), ""),
               InvalidArgument);
  const std::string notPython = ::testing::TempDir() + "/not_python.py";
  std::ofstream(notPython) << "echo this is a shell script\n";
  EXPECT_THROW(checkPython(parseScriptCommand({kTracePython, notPython}), ""), InvalidArgument);
  // A FIFO as the script: refused at once, not read (which would wait for a writer).
  const std::string fifo = ::testing::TempDir() + "/fifo_script.py";
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_THROW(checkPython(parseScriptCommand({kTracePython, fifo}), ""), InvalidArgument);
  std::remove(fifo.c_str());
  EXPECT_THROW(checkPython(parseScriptCommand({"/nonexistent/python3", notPython}), ""),
               InvalidArgument);
  try {
    checkPython(parseScriptCommand({kTracePython, notPython}), "");
  } catch (const InvalidArgument& e) {
    EXPECT_NE(e.message().find("not Python"), std::string::npos) << e.message();
  }
}

}  // namespace
}  // namespace detbench::trace
