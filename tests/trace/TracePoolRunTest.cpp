// Traced runs of scripts that run a process pool (multiprocessing.Pool, ProcessPoolExecutor)
// with Debian's python3-torch: each task is aligned against the same task of run 1, whichever
// worker ran it. And scripts whose processes share memory (torch.multiprocessing): a difference
// another process wrote there, and a DataLoader's batches, which are not that. The scripts make
// their runs differ by the run number detbench exposes, and order what the workers finish through
// files, so nothing here waits on a race; skipped where that python has no torch.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "TracePython.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceSession.hpp"
#include "detbench/trace/TraceWords.hpp"

namespace detbench::trace {
namespace {

class TracePoolRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  }
  TraceConfigResult trace(const std::vector<std::string>& command) {
    TracePlan plan;
    plan.secondPass = false;
    std::vector<std::string> argv = {kTracePython, kScripts + "/" + command.at(0)};
    argv.insert(argv.end(), command.begin() + 1, command.end());
    plan.command = parseScriptCommand(argv);
    plan.runs = 2;
    plan.timeout = std::chrono::seconds(300);
    plan.configs = {TraceConfig{"default", {}}};
    const TraceResult r = runTrace(plan, checkPython(plan.command, ""));
    EXPECT_EQ(r.configs.size(), 1u);
    return r.configs.empty() ? TraceConfigResult{} : r.configs[0];
  }
};

// A ProcessPoolExecutor's task makes the difference (a number that depends on the run): the
// trace names the op inside the task, and the script's op that read the task's result inherits
// it (before, the script's op was the cause and the workers' ops were not compared).
TEST_F(TracePoolRun, TheOpInsideAWorkersTaskIsTheCauseAndTheScriptInheritsIt) {
  const TraceConfigResult c = trace({"process_pool.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_FALSE(c.reproducible());
  EXPECT_TRUE(c.alignment.causes.empty());
  ASSERT_EQ(c.job.fromPool.size(), 1u);
  EXPECT_EQ(c.job.fromPool[0].op, "aten::stack");
  EXPECT_EQ(c.job.fromPool[0].fromRank, kPoolRank);
  ASSERT_TRUE(c.job.pool.has_value());
  EXPECT_EQ(c.job.poolTasks, 4u);  // ex.map's 4 items, one task each
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  const TraceAlignment& pool = c.job.pool->alignment;
  ASSERT_EQ(pool.causes.size(), 1u);
  const TraceCause& cause = pool.causes[0];
  EXPECT_EQ(pool.threadName(cause.thread), "task 2: work");
  EXPECT_EQ(cause.category, CauseCategory::Data);
  EXPECT_EQ(atenBaseName(cause.op.name), "mul");
  ASSERT_EQ(cause.arguments.size(), 1u);  // the number, named with both values
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("process_pool.py", "# CAUSE"));
  ASSERT_EQ(c.job.firstCause(), &*c.job.pool);
  // The other tasks agreed, whichever worker ran them in each run.
  EXPECT_TRUE(pool.partings.empty());
}

// A multiprocessing Pool whose tasks repeat: the runs agree, with the workers' ops compared task
// by task (before, any op in a worker made the trace refuse to call the runs reproducible).
TEST_F(TracePoolRun, APoolWhoseTasksRepeatIsReproducibleWithItsTasksCompared) {
  for (const char* method : {"fork", "spawn"}) {
    SCOPED_TRACE(method);
    const TraceConfigResult c = trace({"pool_map.py", method});
    EXPECT_TRUE(c.reproducible()) << describeVerdict(c);
    ASSERT_TRUE(c.job.pool.has_value());
    EXPECT_EQ(c.job.poolTasks, 4u);  // map's 3 chunks of 2, one apply_async
    const TraceAlignment& pool = c.job.pool->alignment;
    EXPECT_GT(pool.comparedOps(), 12);  // at least 3 ops a task
    EXPECT_TRUE(pool.causes.empty());
    EXPECT_TRUE(pool.partings.empty());
    bool named = false;
    for (const auto& t : pool.threads) named = named || t.name == "task 0.1: work";
    EXPECT_TRUE(named) << "map's chunk 1 is task 0.1";
  }
}

// Every task gives the same bits, but imap_unordered hands the results over in the order the
// workers finish, which the script makes change with the run: the difference enters the script
// where it stacks them, no task is its cause, and the fix says so.
TEST_F(TracePoolRun, ResultsTakenInTheOrderWorkersFinishAreTheCauseNotTheTasks) {
  const TraceConfigResult c = trace({"pool_result_order.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  ASSERT_TRUE(c.job.pool.has_value());
  EXPECT_TRUE(c.job.pool->alignment.causes.empty());
  EXPECT_TRUE(c.job.fromPool.empty());
  ASSERT_EQ(c.alignment.causes.size(), 1u);
  const TraceCause& cause = c.alignment.causes[0];
  EXPECT_EQ(cause.op.name, "aten::stack");
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("pool_result_order.py", "# ENTERS"));
  EXPECT_TRUE(cameThroughProcessPool(cause));
  EXPECT_EQ(explainCause(cause, PyTorchRelease{2, 8}).fix, TraceFix::FromWorkerProcess);
}

// Two ranks each run a pool of their own whose tasks are numbered alike (rank 0's workers forked
// by a forkserver, rank 1's by the rank): rank 1's task 2 makes the difference. Its tasks are not
// taken for rank 0's; rank 1 takes the difference from its pool and rank 0 from rank 1 through the
// all_reduce: the only cause is inside rank 1's pool.
TEST_F(TracePoolRun, EachRanksPoolIsComparedApartAndItsRankTakesItsDifference) {
  const TraceConfigResult c = trace({"ranks_pool.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_FALSE(c.reproducible());
  ASSERT_EQ(c.job.ranks.size(), 2u);
  ASSERT_TRUE(c.job.pool.has_value());
  EXPECT_EQ(c.job.poolTasks, 6u);  // each rank's 3
  ASSERT_EQ(c.job.pool->taskOwners.size(), 6u);
  EXPECT_EQ(std::count(c.job.pool->taskOwners.begin(), c.job.pool->taskOwners.end(), 0), 3);
  const TraceAlignment& pool = c.job.pool->alignment;
  ASSERT_EQ(pool.causes.size(), 1u);
  const TraceCause& cause = pool.causes[0];
  EXPECT_EQ(pool.threadName(cause.thread), "rank 1, task 2: task");
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("ranks_pool.py", "# CAUSE"));
  EXPECT_EQ(c.job.firstCause(), &*c.job.pool);
  const TraceRankResult& one = c.job.ranks[1];
  EXPECT_TRUE(one.alignment.causes.empty());
  ASSERT_EQ(one.inherited.size(), 1u);
  EXPECT_EQ(one.inherited[0].fromRank, kPoolRank);
  EXPECT_EQ(one.inherited[0].op, "aten::stack");
  const TraceRankResult& zero = c.job.ranks[0];
  EXPECT_TRUE(zero.alignment.causes.empty());
  ASSERT_EQ(zero.inherited.size(), 1u);
  EXPECT_EQ(zero.inherited[0].fromRank, 1);
  EXPECT_TRUE(pool.partings.empty());  // each task against its own rank's task of run 1
}

// A thread a task starts is compared as that task's: the cause is named on task 2's thread,
// whichever worker ran it and however many threads that worker had started before (before, a
// worker's threads' ops were counted, not compared).
TEST_F(TracePoolRun, AThreadATaskStartsIsComparedAsThatTasksThread) {
  const TraceConfigResult c = trace({"pool_task_threads.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  ASSERT_TRUE(c.job.pool.has_value());
  EXPECT_EQ(c.job.poolTasks, 4u);
  const TraceAlignment& pool = c.job.pool->alignment;
  EXPECT_EQ(pool.otherThreadOps, 0);
  ASSERT_EQ(pool.causes.size(), 1u);
  const TraceCause& cause = pool.causes[0];
  EXPECT_EQ(pool.threadName(cause.thread).rfind("task 2: work, thread 1: ", 0), 0u)
      << pool.threadName(cause.thread);
  EXPECT_EQ(atenBaseName(cause.op.name), "mul");
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("pool_task_threads.py", "# CAUSE"));
  ASSERT_EQ(c.job.fromPool.size(), 1u);  // the script took it from the pool
  EXPECT_TRUE(c.alignment.causes.empty());
}

// Two processes update a tensor in shared memory in an order that follows the run (as Hogwild's
// do, by timing): the script's op that reads it is the cause, said to be shared memory another
// process wrote, not the data's seed (before, "seed what makes the data").
TEST_F(TracePoolRun, ADifferenceInSharedMemoryIsSaidToComeFromAnotherProcess) {
  const TraceConfigResult c = trace({"shared_writes.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  ASSERT_EQ(c.alignment.causes.size(), 1u) << describeVerdict(c);
  const TraceCause& cause = c.alignment.causes[0];
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("shared_writes.py", "# ENTERS"));
  EXPECT_EQ(cause.category, CauseCategory::Data);
  const CauseExplanation e = explainCause(cause, PyTorchRelease{2, 8});
  EXPECT_EQ(e.kind, CauseKind::SharedMemory);
  EXPECT_EQ(e.fix, TraceFix::SharedMemory);
  // The two processes are compared, each with the same process of run 1: the first one ran
  // another function in run 2, and its ops part.
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  EXPECT_EQ(c.job.poolProcesses, 2u);
  ASSERT_TRUE(c.job.pool.has_value());
  EXPECT_FALSE(c.job.pool->alignment.partings.empty());
}

// Processes the script starts itself (multiprocessing.Process, no process group) are compared
// each with the process of run 1 that has the same number, under fork and under spawn (whose
// children import torch only in their run): the op in the second process is the cause, named as
// that process (before, their ops were counted and not compared).
class TraceProcessChildren : public TracePoolRun,
                             public ::testing::WithParamInterface<const char*> {};

TEST_P(TraceProcessChildren, EachProcessIsComparedWithTheSameProcessOfRunOne) {
  const TraceConfigResult c = trace({"process_children.py", GetParam()});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_FALSE(c.reproducible());
  EXPECT_TRUE(c.alignment.causes.empty()) << describeVerdict(c);
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  EXPECT_EQ(c.job.poolTasks, 2u);
  EXPECT_EQ(c.job.poolProcesses, 2u);
  EXPECT_EQ(describePoolName(c.job), "the script's processes");
  const TraceAlignment& processes = c.job.pool->alignment;
  EXPECT_EQ(processes.otherThreadOps, 0);
  ASSERT_EQ(processes.causes.size(), 1u) << describePool(c.job);
  const TraceCause& cause = processes.causes[0];
  EXPECT_EQ(processes.threadName(cause.thread), "process 2: work");
  EXPECT_EQ(cause.category, CauseCategory::Data);
  EXPECT_EQ(atenBaseName(cause.op.name), "add");
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("process_children.py", "# CAUSE"));
  EXPECT_TRUE(processes.partings.empty());
  EXPECT_EQ(c.job.firstCause(), &*c.job.pool);
}

INSTANTIATE_TEST_SUITE_P(StartMethods, TraceProcessChildren, ::testing::Values("fork", "spawn"));

// Python commands the script starts with subprocess are compared each with the command of run 1
// that has the same number, and a command's own multiprocessing child is numbered under it, apart
// from the script's child (before, the commands were counted and not compared). The cause, a
// number from Python's random that the command never seeds, is fixed by seeding it.
TEST_F(TracePoolRun, EachCommandIsComparedWithTheSameCommandOfRunOne) {
  const TraceConfigResult c = trace({"subprocess_commands.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_FALSE(c.reproducible());
  EXPECT_TRUE(c.alignment.causes.empty()) << describeVerdict(c);
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  EXPECT_EQ(c.job.poolTasks, 5u);
  EXPECT_EQ(c.job.poolProcesses, 5u);
  EXPECT_EQ(describePoolName(c.job), "the script's processes");
  const TraceAlignment& processes = c.job.pool->alignment;
  std::vector<std::string> names;
  for (int t = 1; t <= 5; ++t) names.push_back(processes.threadName(t));
  std::sort(names.begin(), names.end());
  ASSERT_EQ(names.size(), 5u);
  EXPECT_EQ(names[0].rfind("command s1: ", 0), 0u) << names[0];
  EXPECT_NE(names[0].find("subprocess_commands.py with-child"), std::string::npos) << names[0];
  EXPECT_EQ(names[1].rfind("command s2: ", 0), 0u) << names[1];
  EXPECT_EQ(names[2].rfind("command s2~2: ", 0), 0u) << names[2];
  EXPECT_NE(names[2].find("subprocess_commands.py varies"), std::string::npos) << names[2];
  EXPECT_EQ(names[3], "process 1: work");
  EXPECT_EQ(names[4], "process s1.1: work");
  ASSERT_EQ(processes.causes.size(), 1u) << describePool(c.job);
  const TraceCause& cause = processes.causes[0];
  EXPECT_EQ(processes.threadName(cause.thread).rfind("command s2~2: ", 0), 0u)
      << processes.threadName(cause.thread);
  EXPECT_EQ(cause.category, CauseCategory::Data);
  EXPECT_EQ(atenBaseName(cause.op.name), "add");
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("subprocess_commands.py", "# CAUSE"));
  EXPECT_EQ(c.job.firstCause(), &*c.job.pool);
  // The command drew from Python's random without a seed: its end said so, and the fix names it.
  EXPECT_EQ(processes.unseededGenerators, std::vector<std::string>{"random"});
  EXPECT_EQ(explainCause(cause, PyTorchRelease{2, 8}, processes.unseededGenerators).fix,
            TraceFix::SeedPythonRandom);
}

// Two commands that run no op themselves each run a process pool whose tasks are numbered alike:
// each pool's tasks are named after the command that owns it and compared apart (before, the
// two pools' task 1 were taken for one).
TEST_F(TracePoolRun, EachCommandsPoolIsComparedApart) {
  const TraceConfigResult c = trace({"commands_pools.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_FALSE(c.reproducible());
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  EXPECT_EQ(c.job.poolTasks, 4u);
  const TraceAlignment& pool = c.job.pool->alignment;
  ASSERT_EQ(pool.causes.size(), 1u) << describePool(c.job);
  EXPECT_EQ(pool.threadName(pool.causes[0].thread), "command s2, task 1: task");
  ASSERT_TRUE(pool.causes[0].site.has_value());
  EXPECT_EQ(pool.causes[0].site->line, lineOf("commands_pools.py", "# CAUSE"));
  EXPECT_TRUE(pool.partings.empty());
}

// Commands that never import torch themselves, each with a pool whose one worker imports torch
// in its first task: that task is marked though the worker's probe began inside it (before, its
// ops were the worker's own and the runs "parted"), and each command's tasks are named after it
// by its workers (before, the two pools' tasks were taken for one).
TEST_F(TracePoolRun, APoolOfACommandWithoutTorchIsComparedByTask) {
  const TraceConfigResult c = trace({"commands_pools_without_torch.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  EXPECT_EQ(c.job.poolTasks, 4u);
  const TraceAlignment& pool = c.job.pool->alignment;
  EXPECT_TRUE(pool.partings.empty()) << describePool(c.job);
  ASSERT_EQ(pool.causes.size(), 1u) << describePool(c.job);
  EXPECT_EQ(pool.threadName(pool.causes[0].thread), "command s2, task 0.1: task");
  ASSERT_TRUE(pool.causes[0].site.has_value());
  EXPECT_EQ(pool.causes[0].site->line, lineOf("commands_pools_without_torch.py", "# CAUSE"));
}

// A script that replaces itself (os.execv) ends its records there and the new image is compared
// with the same image of run 1; an exec that fails leaves the script recorded on (before, the
// run "failed": it ended without the probe's last record).
TEST_F(TracePoolRun, AScriptThatStartsAgainIsComparedAsItsNewImage) {
  const TraceConfigResult c = trace({"reexec_self.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  EXPECT_FALSE(c.reproducible());
  ASSERT_EQ(c.alignment.runs.size(), 2u);
  for (const auto& run : c.alignment.runs) EXPECT_TRUE(run.completed()) << describeRunEnd(run);
  EXPECT_TRUE(c.alignment.causes.empty()) << describeVerdict(c);
  bool after = false;
  for (const auto& site : c.alignment.sites) {
    after = after || site.line == lineOf("reexec_self.py", "# AFTER THE FAILED EXEC");
  }
  EXPECT_TRUE(after) << "the op after the failed exec was not recorded";
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  EXPECT_EQ(c.job.poolTasks, 1u);
  const TraceAlignment& processes = c.job.pool->alignment;
  ASSERT_EQ(processes.causes.size(), 1u) << describePool(c.job);
  const TraceCause& cause = processes.causes[0];
  EXPECT_EQ(processes.threadName(cause.thread).rfind("command x", 0), 0u)
      << processes.threadName(cause.thread);
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("reexec_self.py", "# CAUSE"));
}

// Commands started with os.system and os.spawnv are numbered and compared as subprocess's are
// (before, their ops were counted, not compared); a command that ends with sys.exit(3) fails the
// trace, named (before, its run ended "ok"); one that caught its own sys.exit(5) and ended well
// does not (its parent said so).
TEST_F(TracePoolRun, CommandsOfOsSystemAndSpawnAreComparedAndTheirExitCodesCount) {
  const TraceConfigResult c = trace({"system_commands.py"});
  EXPECT_TRUE(c.failed());
  EXPECT_EQ(traceVerdict(c).kind, VerdictKind::ProcessFailed) << describeVerdict(c);
  for (const auto& run : c.alignment.runs) EXPECT_TRUE(run.completed()) << describeRunEnd(run);
  EXPECT_EQ(c.job.unrankedProcesses, 0);
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  EXPECT_EQ(c.job.poolTasks, 4u);
  const TraceAlignment& processes = c.job.pool->alignment;
  for (const auto& run : processes.runs) {
    EXPECT_FALSE(run.completed());
    EXPECT_EQ(run.exit.code, 3);
    EXPECT_EQ(run.exit.process.rfind("command s4: ", 0), 0u) << run.exit.process;
    EXPECT_NE(run.exit.process.find("system_commands.py fails"), std::string::npos);
  }
  ASSERT_EQ(processes.causes.size(), 1u) << describePool(c.job);
  const TraceCause& cause = processes.causes[0];
  EXPECT_EQ(processes.threadName(cause.thread).rfind("command s2: ", 0), 0u)
      << processes.threadName(cause.thread);
  EXPECT_EQ(cause.category, CauseCategory::Data);
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->line, lineOf("system_commands.py", "# CAUSE"));
  EXPECT_EQ(processes.threadName(1).rfind("command s1: ", 0), 0u) << processes.threadName(1);
}

// A command killed by a signal fails the trace with that signal, as its parent saw it, and the
// ops it ran before are compared (its ring kept those its file had not received).
TEST_F(TracePoolRun, ACommandKilledByASignalIsNamedWithItAndItsOpsAreKept) {
  const TraceConfigResult c = trace({"killed_command.py"});
  EXPECT_EQ(traceVerdict(c).kind, VerdictKind::ProcessFailed) << describeVerdict(c);
  ASSERT_TRUE(c.job.pool.has_value()) << describeVerdict(c);
  const TraceAlignment& processes = c.job.pool->alignment;
  ASSERT_EQ(processes.runs.size(), 2u);
  for (const auto& run : processes.runs) {
    EXPECT_FALSE(run.exit.exited);
    EXPECT_EQ(run.exit.signal, 9);
    EXPECT_EQ(run.exit.process.rfind("command s1: ", 0), 0u) << run.exit.process;
    EXPECT_EQ(run.ops, 4) << describeRunEnd(run);  // ones, mul, sum and its float
  }
  EXPECT_EQ(processes.runs[1].compared, 4);
  EXPECT_EQ(processes.runs[1].differing, 0);
}

// A DataLoader's workers send their batches through shared memory too; an unseeded shuffle makes
// them differ, and that is the data's seed, not memory another process writes.
TEST_F(TracePoolRun, ADataLoadersBatchesAreDataNotSharedMemory) {
  const TraceConfigResult c = trace({"loader_workers.py"});
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  bool batch = false;
  for (const auto& cause : c.alignment.causes) {
    EXPECT_NE(explainCause(cause, PyTorchRelease{2, 8}).kind, CauseKind::SharedMemory)
        << cause.op.name << " at op " << cause.seq;
    batch = batch || (cause.site && cause.site->line == lineOf("loader_workers.py", "# ENTERS") &&
                      cause.category == CauseCategory::Data);
  }
  EXPECT_TRUE(batch) << describeVerdict(c);
}

}  // namespace
}  // namespace detbench::trace
