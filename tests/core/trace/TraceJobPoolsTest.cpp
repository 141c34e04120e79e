// A job's process pools on crafted record files: a pool's tasks compared task by task, the
// script and the ranks linked with the tasks they sent and took, each rank's pool kept apart.

#include <gtest/gtest.h>

#include "TraceJobFixture.hpp"

#include "detbench/trace/TraceJob.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {
namespace {

using namespace job_test;

// A process pool's worker: no rank, its ops inside task records ("pool:K").
std::string task(int k) {
  return "{\"t\":\"task\",\"key\":\"pool:" + std::to_string(k) + "\",\"label\":\"task " +
         std::to_string(k) + ": work\",\"worker\":\"ForkPoolWorker-1\"}";
}
const char* const kTaskEnd = "{\"t\":\"task\",\"key\":null}";

// A Data cause in run 2 at the script's op `seq`, its input 0 sent through the pool (or not).
TraceCause dataCause(std::int64_t seq, bool throughPool, int thread = 0) {
  TraceCause c;
  c.seq = seq;
  c.thread = thread;
  c.category = CauseCategory::Data;
  c.op.name = "aten::stack";
  TraceTensor t;
  t.digest = 1;
  t.sentThroughPool = throughPool;
  c.op.inputs = {t};
  c.inputs = {0};
  c.runs = {2};
  return c;
}

TraceAlignment twoRuns(std::int64_t differingInRun2) {
  TraceAlignment a;
  a.runs.resize(2);
  a.runs[0].run = 1;
  a.runs[1].run = 2;
  a.runs[1].differing = differingInRun2;
  for (auto& r : a.runs) {
    r.end = TraceEnd{};
    r.end->status = "ok";
    r.exit.exited = true;
  }
  a.runs[1].statuses = {OpStatus::Data};
  return a;
}

TEST_F(TraceJob, APoolsTasksAreComparedTaskByTaskAndTheScriptTakesTheirDifference) {
  const auto worker = [](std::int64_t pid, const std::vector<int>& tasks, std::uint64_t bits) {
    Process p;
    p.pid = pid;
    p.ended = false;  // a pool ends its workers with a signal
    int seq = 0;
    for (const int k : tasks) {
      p.ops.push_back(task(k));
      ++seq;
      const std::uint64_t out = k == 1 ? bits : static_cast<std::uint64_t>(20 + k);
      p.ops.push_back(op(seq, "aten::exp", {static_cast<std::uint64_t>(10 + k)}, {out}));
      p.ops.push_back("{\"t\":\"use\",\"i\":" + std::to_string(seq) +
                      ",\"what\":\"a process pool task's result\",\"d\":[\"" + digest(out) +
                      "\"]}");
      p.ops.push_back(kTaskEnd);
    }
    return p;
  };
  run(1, {worker(300, {0, 1}, 77), worker(301, {2}, 77)});
  run(2, {worker(310, {2, 0}, 78), worker(311, {1}, 78)});
  script_ = twoRuns(1);
  script_.causes = {dataCause(1, true)};
  const TraceJobResult job = finish();
  EXPECT_EQ(job.unrankedProcesses, 0);
  ASSERT_TRUE(job.pool.has_value());
  EXPECT_EQ(job.poolWorkers, 2);
  EXPECT_EQ(job.poolTasks, 3u);
  const TraceAlignment& pool = job.pool->alignment;
  EXPECT_TRUE(pool.partings.empty());
  ASSERT_EQ(pool.causes.size(), 1u);
  EXPECT_EQ(pool.threadName(pool.causes[0].thread), "task 1: work");
  EXPECT_EQ(job.firstCause(), &*job.pool);
  EXPECT_FALSE(job.agrees());
  // The script's own op took it from the pool: not a cause there.
  EXPECT_TRUE(script_.causes.empty());
  ASSERT_EQ(job.fromPool.size(), 1u);
  EXPECT_EQ(job.fromPool[0].fromRank, kPoolRank);
  EXPECT_EQ(script_.runs[1].statuses[0], OpStatus::Inherited);
  EXPECT_EQ(describeRankName(*job.pool), "the process pool");
}

TEST_F(TraceJob, APoolWhoseTasksRanNoTorchOpIsNotAPool) {
  Process worker;
  worker.pid = 300;
  worker.ended = false;
  worker.ops = {task(0), kTaskEnd, task(1), kTaskEnd};
  run(1, {worker});
  run(2, {worker});
  const TraceJobResult job = finish();
  EXPECT_FALSE(job.pool.has_value());
  EXPECT_EQ(job.unrankedProcesses, 0);
  EXPECT_TRUE(job.empty());
}

TEST_F(TraceJob, APoolWhoseTasksAgreeLeavesTheScriptsDifferenceAsItsOwn) {
  TraceRankResult pool;
  pool.rank = kPoolRank;
  pool.alignment = twoRuns(0);
  TraceAlignment script = twoRuns(1);
  script.causes = {dataCause(1, true)};
  std::vector<RankInheritance> fromPool;
  linkPool(script, pool, fromPool);
  EXPECT_EQ(script.causes.size(), 1u);  // the results came in another order
  EXPECT_TRUE(fromPool.empty());
}

TEST_F(TraceJob, ATaskThatTakesTheScriptsDifferenceInheritsIt) {
  TraceRankResult pool;
  pool.rank = kPoolRank;
  pool.alignment = twoRuns(1);
  pool.alignment.runs[1].threadStatuses = {{OpStatus::Data}};
  pool.alignment.causes = {dataCause(1, true, 1)};
  TraceAlignment script = twoRuns(1);
  TraceCause own = dataCause(1, false);  // the script's own difference, sent to the task
  script.causes = {own};
  std::vector<RankInheritance> fromPool;
  linkPool(script, pool, fromPool);
  EXPECT_TRUE(pool.alignment.causes.empty());
  ASSERT_EQ(pool.inherited.size(), 1u);
  EXPECT_EQ(pool.inherited[0].fromRank, kScriptRank);
  EXPECT_EQ(pool.alignment.runs[1].threadStatuses[0][0], OpStatus::Inherited);
  EXPECT_EQ(script.causes.size(), 1u);  // the script keeps its own cause
  EXPECT_TRUE(fromPool.empty());
  EXPECT_NE(describeRank(pool).find("inherited from the script's process"), std::string::npos);
}

TEST_F(TraceJob, EachRanksPoolIsReadWithThatRankItsTasksApartFromTheOthers) {
  // Ranks 0 and 1 each start a pool of two workers, each pool counting its tasks from 0. Rank
  // r stacks its tasks' results (a tensor sent through the pool) and all-reduces the stack. In
  // run 2 rank 1's task 1 gives other bits.
  const auto rankWithPool = [](int rank, int run) {
    std::vector<Process> processes;
    const std::uint64_t taskOne = rank == 1 && run == 2 ? 78 : 77;
    Process r;
    r.rank = rank;
    r.pid = 200 + rank + 10 * run;
    r.ops = {"{\"t\":\"op\",\"i\":1,\"op\":\"aten::stack\",\"s\":1,\"in\":[[\"" +
                 digest(taskOne + 100 * static_cast<std::uint64_t>(rank)) +
                 "\",\"float32\",[4],\"cpu\",8]],\"out\":" +
                 tensors({taskOne + 1000 * static_cast<std::uint64_t>(rank)}) + "}",
             op(2, "c10d::all_reduce", {taskOne + 1000 * static_cast<std::uint64_t>(rank)},
                {run == 2 ? 98u : 99u})};
    r.used = run == 2 ? 98 : 99;
    processes.push_back(r);
    for (int k = 0; k < 2; ++k) {
      Process w;
      w.pid = 300 + 10 * rank + k + 100 * run;
      // Rank 0's workers are forked by a forkserver (their parent): their tasks name the rank.
      w.parent = rank == 0 ? 999 : r.pid;
      w.ended = false;
      const std::uint64_t out = k == 1 ? taskOne : 20;
      std::string marked = task(k);
      if (rank == 0) marked.insert(marked.size() - 1, ",\"owner\":" + std::to_string(r.pid));
      w.ops = {marked, op(1, "aten::exp", {static_cast<std::uint64_t>(10 + k)}, {out}),
               "{\"t\":\"use\",\"i\":1,\"what\":\"a process pool task's result\",\"d\":[\"" +
                   digest(out) + "\"]}",
               kTaskEnd};
      processes.push_back(w);
    }
    return processes;
  };
  for (int run = 1; run <= 2; ++run) {
    std::vector<Process> all = rankWithPool(0, run);
    for (auto& p : rankWithPool(1, run)) all.push_back(std::move(p));
    this->run(run, all);
  }
  script_ = twoRuns(0);
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 2u);
  ASSERT_TRUE(job.pool.has_value());
  EXPECT_EQ(job.poolWorkers, 4);
  EXPECT_EQ(job.poolTasks, 4u);  // not 2: rank 0's task 1 is not rank 1's
  const TraceAlignment& pool = job.pool->alignment;
  ASSERT_EQ(pool.causes.size(), 1u);
  EXPECT_EQ(pool.threadName(pool.causes[0].thread), "rank 1, task 1: work");
  EXPECT_EQ(job.pool->taskOwners, (std::vector<int>{0, 0, 1, 1}));
  // Rank 1 took it from its pool, rank 0 from rank 1: the pool holds the first cause.
  EXPECT_TRUE(job.ranks[1].alignment.causes.empty());
  ASSERT_EQ(job.ranks[1].inherited.size(), 1u);
  EXPECT_EQ(job.ranks[1].inherited[0].fromRank, kPoolRank);
  EXPECT_EQ(job.ranks[1].inherited[0].op, "aten::stack");
  EXPECT_TRUE(job.ranks[0].alignment.causes.empty());
  ASSERT_EQ(job.ranks[0].inherited.size(), 1u);
  EXPECT_EQ(job.ranks[0].inherited[0].fromRank, 1);
  EXPECT_EQ(job.firstCause(), &*job.pool);
  EXPECT_NE(describeRank(job.ranks[1]).find("inherited from the process pool"), std::string::npos)
      << describeRank(job.ranks[1]);
  EXPECT_TRUE(job.fromPool.empty());  // nothing of the script's
}

TEST_F(TraceJob, APoolHoldingTheScriptsTasksAndARanksLinksEachProcessWithItsOwnTasks) {
  // Task 1 is the script's and agreed; task 2 is rank 1's and differed in run 2. Each process
  // took a differing tensor from the pool.
  TraceRankResult pool;
  pool.rank = kPoolRank;
  pool.alignment = twoRuns(1);
  pool.alignment.runs[1].threadStatuses = {{OpStatus::Equal}, {OpStatus::Introduced}};
  pool.taskOwners = {kScriptRank, 1};
  TraceAlignment script = twoRuns(1);
  script.causes = {dataCause(1, true)};
  TraceAlignment rank = twoRuns(1);
  rank.causes = {dataCause(1, true)};
  std::vector<RankInheritance> fromPool, rankInherited;
  linkPool(script, pool, fromPool);
  linkPool(rank, pool, rankInherited, 1);
  // The script's tasks agreed: its results came in another order, a cause of its own.
  EXPECT_EQ(script.causes.size(), 1u);
  EXPECT_TRUE(fromPool.empty());
  // Rank 1's task differed: the rank took it from there.
  EXPECT_TRUE(rank.causes.empty());
  ASSERT_EQ(rankInherited.size(), 1u);
  EXPECT_EQ(rankInherited[0].fromRank, kPoolRank);
}
TEST_F(TraceJob, APoolStartedByAProcessARankStartedIsThatRanks) {
  // Rank 1 starts a process (no rank, no ops of its own) that starts a pool; its one worker's
  // task names that process as its owner, and gives other bits in run 2. Rank 0 runs alone.
  for (int run = 1; run <= 2; ++run) {
    Process r0 = step(0, 10, 11, 99), r1 = step(1, 20, 21, 99);
    r0.pid = 200 + 10 * run;
    r1.pid = 201 + 10 * run;
    Process helper;
    helper.pid = 500 + run;
    helper.parent = r1.pid;
    Process w;
    w.pid = 600 + run;
    w.parent = helper.pid;
    w.ended = false;
    std::string marked = task(0);
    marked.insert(marked.size() - 1, ",\"owner\":" + std::to_string(helper.pid));
    const std::uint64_t out = run == 2 ? 31 : 30;
    w.ops = {marked, op(1, "aten::exp", {5}, {out}),
             "{\"t\":\"use\",\"i\":1,\"what\":\"a process pool task's result\",\"d\":[\"" +
                 digest(out) + "\"]}",
             kTaskEnd};
    this->run(run, {r0, r1, helper, w});
  }
  script_ = twoRuns(0);
  const TraceJobResult job = finish();
  ASSERT_TRUE(job.pool.has_value());
  EXPECT_EQ(job.pool->taskOwners, (std::vector<int>{1}));
  const TraceAlignment& pool = job.pool->alignment;
  ASSERT_EQ(pool.causes.size(), 1u);
  EXPECT_EQ(pool.threadName(pool.causes[0].thread), "rank 1, task 0: work");
  EXPECT_EQ(job.unrankedProcesses, 0);  // the process between them ran no op
}

// Processes the script started itself (multiprocessing.Process): each marks its run as one task,
// keyed by the number multiprocessing gave it. Run 2's processes have other pids and their
// files come in the other order; each is compared with the process of run 1 that has its number,
// and the pool is called the script's processes.
TEST_F(TraceJob, TheScriptsOwnProcessesAreComparedByTheirNumbers) {
  const auto child = [](std::int64_t pid, int number, std::uint64_t bits) {
    Process p;
    p.pid = pid;
    p.parent = 100;
    const std::string n = std::to_string(number);
    p.ops = {"{\"t\":\"task\",\"key\":\"process:" + n + "\",\"label\":\"process " + n +
                 ": train\",\"worker\":\"Process-" + n + "\",\"owner\":100}",
             op(1, "aten::exp", {static_cast<std::uint64_t>(10 + number)}, {bits}), kTaskEnd};
    p.used = bits;
    return p;
  };
  run(1, {child(300, 1, 21), child(301, 2, 22)});
  run(2, {child(290, 2, 23), child(310, 1, 21)});
  script_ = twoRuns(0);
  const TraceJobResult job = finish();
  EXPECT_EQ(job.unrankedProcesses, 0);
  ASSERT_TRUE(job.pool.has_value());
  EXPECT_EQ(job.poolTasks, 2u);
  EXPECT_EQ(job.poolProcesses, 2u);
  const TraceAlignment& processes = job.pool->alignment;
  EXPECT_TRUE(processes.partings.empty());
  ASSERT_EQ(processes.causes.size(), 1u);
  EXPECT_EQ(processes.threadName(processes.causes[0].thread), "process 2: train");
  EXPECT_EQ(describePoolName(job), "the script's processes");
  EXPECT_EQ(describePool(job).rfind("the script's processes: 2, each against the same process "
                                    "of run 1: first cause: aten::exp",
                                    0),
            0u)
      << describePool(job);
}

// The script runs a pool, and so does a process it started (multiprocessing.Process), each
// counting its tasks from 0: the process's tasks are keyed and named within it ("process 1,
// task 0: work"), so that neither pool's task is taken for the other's.
TEST_F(TraceJob, APoolAProcessStartedIsKeptApartFromTheScriptsOwn) {
  const auto child = [](std::int64_t pid) {
    Process p;
    p.pid = pid;
    p.parent = 100;
    p.ops = {
        "{\"t\":\"task\",\"key\":\"process:1\",\"label\":\"process 1: train\","
        "\"worker\":\"Process-1\",\"owner\":100}",
        kTaskEnd};
    p.used = 0;
    return p;
  };
  const auto worker = [](std::int64_t pid, std::int64_t parent, std::uint64_t bits) {
    Process p;
    p.pid = pid;
    p.parent = parent;
    p.ended = false;
    p.ops = {
        "{\"t\":\"task\",\"key\":\"pool:0\",\"label\":\"task 0: work\","
        "\"worker\":\"ForkPoolWorker-1\",\"owner\":" +
            std::to_string(parent) + "}",
        op(1, "aten::exp", {5}, {bits}), kTaskEnd};
    p.used = bits;
    return p;
  };
  // The child runs one op of its own, so that it is a worker (a process that ran no op is not).
  Process c1 = child(300), c2 = child(310);
  c1.ops.insert(c1.ops.begin() + 1, op(1, "aten::ones", {}, {9}));
  c2.ops.insert(c2.ops.begin() + 1, op(1, "aten::ones", {}, {9}));
  run(1, {c1, worker(301, 300, 40), worker(302, 100, 50)});
  run(2, {c2, worker(311, 310, 41), worker(312, 100, 50)});
  script_ = twoRuns(0);
  const TraceJobResult job = finish();
  ASSERT_TRUE(job.pool.has_value());
  EXPECT_EQ(job.poolTasks, 3u);  // the script's task 0, the process's task 0, the process
  EXPECT_EQ(job.poolProcesses, 1u);
  const TraceAlignment& pool = job.pool->alignment;
  EXPECT_TRUE(pool.partings.empty());
  ASSERT_EQ(pool.causes.size(), 1u);
  EXPECT_EQ(pool.threadName(pool.causes[0].thread), "process 1, task 0: work");
  EXPECT_EQ(describePoolName(job), "the process pool and the script's processes");
}

// A command's parent's word on how it ended stands over the command's own end record: a code its
// sys.exit gave and it caught is undone, an os._exit or a kill it could not record is added; an
// exception the command named stays, as its own words say more.
TEST(CommandExit, TheParentsWordStandsOverTheCommandsOwnEnd) {
  const auto endOf = [](const std::vector<TraceEvent>& events) {
    return std::get_if<TraceEnd>(&events.back());
  };
  TraceEnd exited;
  exited.status = "exit";
  exited.exitCode = 5;
  std::vector<TraceEvent> caught{TraceStart{}, exited};
  applyCommandExit(caught, 0);
  ASSERT_NE(endOf(caught), nullptr);
  EXPECT_EQ(endOf(caught)->status, "ok");
  EXPECT_EQ(endOf(caught)->exitCode, 0);

  std::vector<TraceEvent> cut{TraceStart{}};
  applyCommandExit(cut, 0);
  EXPECT_EQ(cut.size(), 1u);  // cut short, yet it exited well: nothing to add
  applyCommandExit(cut, -9);
  ASSERT_NE(endOf(cut), nullptr);
  EXPECT_EQ(endOf(cut)->status, "exit");
  EXPECT_EQ(endOf(cut)->exitCode, -9);

  TraceEnd ok;
  ok.status = "ok";
  std::vector<TraceEvent> raised{TraceStart{}, ok};
  applyCommandExit(raised, 4);  // raise SystemExit(4): its end record said ok
  EXPECT_EQ(endOf(raised)->status, "exit");
  EXPECT_EQ(endOf(raised)->exitCode, 4);

  TraceEnd exception;
  exception.status = "exception";
  exception.type = "RuntimeError";
  std::vector<TraceEvent> named{TraceStart{}, exception};
  applyCommandExit(named, 1);
  EXPECT_EQ(endOf(named)->status, "exception");
  EXPECT_EQ(endOf(named)->type, "RuntimeError");
}

// A command that replaced itself (os.exec*) keeps its pid: each image has a file of its own, and
// its parent's word on how it ended (an "exited" record: exit code 3) is its last image's, not the
// first's, which ended at the exec.
TEST_F(TraceJob, TheParentsWordIsTheLastImagesOfACommandThatReplacedItself) {
  const auto image = [](const std::string& key, const std::string& status) {
    return "{\"t\":\"start\",\"v\":2,\"run\":1,\"pid\":300,\"python\":\"3.11.2\",\"torch\":"
           "\"2.15.0\",\"threads\":1,\"deterministic\":false,\"applied\":{},\"ppid\":1,"
           "\"forked\":0}\n{\"t\":\"task\",\"key\":\"process:" +
           key + "\",\"label\":\"command " + key +
           ": x.py\",\"worker\":\"\",\"owner\":1}\n{\"t\":\"site\",\"s\":1,\"file\":\"/w/x.py\","
           "\"line\":3,\"fn\":\"<module>\"}\n" +
           op(1, "aten::ones", {}, {5}) +
           "\n{\"t\":\"task\",\"key\":null}\n{\"t\":\"end\",\"ops\":1,"
           "\"status\":\"" +
           status + "\"}\n";
  };
  for (int r = 1; r <= 2; ++r) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(dir_ / "proc-300.jsonl") << image("s1", "ok");
    std::ofstream(dir_ / "proc-300.2.jsonl") << image("s1.x1", "ok");
    job_.collectRun(r, dir_.string(), ok(), CommandExits{{{1, 300}, 3}});
  }
  const TraceJobResult job = finish();
  ASSERT_TRUE(job.pool.has_value());
  EXPECT_EQ(job.poolProcesses, 2u);
  for (const auto& run : job.pool->alignment.runs) {
    EXPECT_FALSE(run.completed());
    EXPECT_EQ(run.exit.code, 3);
    EXPECT_EQ(run.exit.process, "command s1.x1: x.py") << describeRunEnd(run);
  }
  EXPECT_TRUE(job.anyFailed());
}

}  // namespace
}  // namespace detbench::trace
