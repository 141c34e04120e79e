// A process pool's workers' records merged into one stream a run, each task a thread of its
// own: crafted records of two workers that take the tasks in another order in each run.

#include "detbench/trace/TracePoolTasks.hpp"

#include <gtest/gtest.h>

#include "CraftedTensor.hpp"

#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {
namespace {

using crafted::Op;
using crafted::T;

TraceStart Start(std::int64_t pid) {
  TraceStart s;
  s.protocol = 2;
  s.run = 1;
  s.pid = pid;
  s.python = "3.11.2";
  s.torch = "2.15.0";
  s.forked = true;
  return s;
}

TraceTask Task(const std::string& key, const std::string& name = "work") {
  return {"pool:" + key, "task " + key + ": " + name, "ForkPoolWorker-1"};
}

// Task k: full(k) -> exp -> its result sent back. `bits` is what exp gives in task 1.
std::vector<TraceEvent> TaskRecords(int k, std::int64_t firstSeq, std::uint64_t bits) {
  const std::uint64_t made = 100 + static_cast<std::uint64_t>(k);
  const std::uint64_t out = k == 1 ? bits : 200 + static_cast<std::uint64_t>(k);
  return {Task(std::to_string(k)), Op(firstSeq, "aten::full", {}, {T(made)}, 1),
          Op(firstSeq + 1, "aten::exp", {T(made)}, {T(out)}, 2),
          TraceUse{firstSeq + 1, "a process pool task's result", {out}}, TraceTask{}};
}

// A worker (pid) that runs `tasks` in order; its own site ids are given in another order than
// the other worker's, as each process numbers its own.
std::vector<TraceEvent> Worker(std::int64_t pid, const std::vector<int>& tasks, std::uint64_t bits,
                               bool sitesSwapped) {
  std::vector<TraceEvent> records = {Start(pid)};
  const int full = sitesSwapped ? 2 : 1, exp = sitesSwapped ? 1 : 2;
  records.emplace_back(TraceSite{1, "/w/pool.py", sitesSwapped ? 9 : 8, "work"});
  records.emplace_back(TraceSite{2, "/w/pool.py", sitesSwapped ? 8 : 9, "work"});
  std::int64_t seq = 1;
  for (const int k : tasks) {
    for (auto& e : TaskRecords(k, seq, bits)) {
      if (auto* op = std::get_if<TraceOp>(&e)) op->site = op->name == "aten::full" ? full : exp;
      records.push_back(std::move(e));
    }
    seq += 2;
  }
  return records;
}

// Workers of the script's own pool.
std::vector<PoolWorker> Workers(std::initializer_list<const std::vector<TraceEvent>*> records) {
  std::vector<PoolWorker> out;
  for (const auto* r : records) out.push_back(PoolWorker{r, 0, ""});
  return out;
}

std::vector<const TraceOp*> OpsOf(const std::vector<TraceEvent>& stream) {
  std::vector<const TraceOp*> ops;
  for (const auto& e : stream) {
    if (const auto* op = std::get_if<TraceOp>(&e)) ops.push_back(op);
  }
  return ops;
}

TEST(TracePoolTasks, EachTaskIsAThreadNumberedByItsKeyWhicheverWorkerRanIt) {
  PoolTaskStreams streams;
  const auto a1 = Worker(10, {0, 1}, 7, false), b1 = Worker(11, {2}, 7, true);
  const auto run1 = streams.merge(1, Workers({&a1, &b1}));
  // Run 2: the other worker takes tasks 0 and 1, and its file comes first.
  const auto a2 = Worker(21, {2}, 7, false), b2 = Worker(20, {1, 0}, 7, true);
  const auto run2 = streams.merge(2, Workers({&b2, &a2}));
  EXPECT_EQ(streams.tasks(), 3u);
  EXPECT_EQ(streams.leftOut(), 0);

  const auto threadOf = [](const std::vector<TraceEvent>& stream, const std::string& name) {
    for (const auto& e : stream) {
      if (const auto* t = std::get_if<TraceThread>(&e); t && t->name == name) return t->thread;
    }
    return -1;
  };
  for (const auto* stream : {&run1, &run2}) {
    EXPECT_EQ(threadOf(*stream, "task 0: work"), 1);
    EXPECT_EQ(threadOf(*stream, "task 1: work"), 2);
    EXPECT_EQ(threadOf(*stream, "task 2: work"), 3);
    // Each task's ops numbered from 1, and its result's use after its second.
    for (const auto* op : OpsOf(*stream)) {
      EXPECT_EQ(op->seq, op->name == "aten::full" ? 1 : 2) << op->thread;
    }
    // One table of sites: full's is the same site, however the worker numbered it.
    for (const auto* op : OpsOf(*stream)) {
      EXPECT_EQ(op->site,
                op->name == "aten::full" ? OpsOf(*stream)[0]->site : OpsOf(*stream)[1]->site);
    }
    ASSERT_TRUE(std::holds_alternative<TraceStart>(stream->front()));
    EXPECT_EQ(std::get<TraceStart>(stream->front()).pid, 0);
    ASSERT_TRUE(std::holds_alternative<TraceEnd>(stream->back()));
    EXPECT_EQ(std::get<TraceEnd>(stream->back()).ops, 6);
  }
  // Aligned, the tasks agree however the workers shared them.
  TraceAligner aligner;
  for (const auto* stream : {&run1, &run2}) {
    aligner.beginRun();
    for (const auto& e : *stream) aligner.add(e);
    TraceRunExit exit;
    exit.exited = true;
    aligner.endRun(exit);
  }
  EXPECT_TRUE(aligner.result().reproducible());
  EXPECT_EQ(aligner.result().comparedOps(), 6);
}

TEST(TracePoolTasks, ADifferenceInOneTaskIsACauseOnThatTasksThread) {
  PoolTaskStreams streams;
  const auto a1 = Worker(10, {0, 1}, 7, false), b1 = Worker(11, {2}, 7, false);
  const auto a2 = Worker(20, {1, 2}, 8, false), b2 = Worker(21, {0}, 8, false);
  TraceAligner aligner;
  for (const auto& stream :
       {streams.merge(1, Workers({&a1, &b1})), streams.merge(2, Workers({&a2, &b2}))}) {
    aligner.beginRun();
    for (const auto& e : stream) aligner.add(e);
    TraceRunExit exit;
    exit.exited = true;
    aligner.endRun(exit);
  }
  const TraceAlignment& a = aligner.result();
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.threadName(a.causes[0].thread), "task 1: work");
  EXPECT_EQ(a.causes[0].op.name, "aten::exp");
  EXPECT_EQ(a.causes[0].seq, 2);
  EXPECT_TRUE(a.causes[0].matters);  // it reached the task's result
  EXPECT_EQ(describeOpNumber(a, a.causes[0].thread, a.causes[0].seq), "op 2 of task 1: work");
}

TEST(TracePoolTasks, OpsBeforeTheFirstTaskAreTheWorkersOwnAndItsThreadsOpsAreLeftOut) {
  PoolTaskStreams streams;
  std::vector<TraceEvent> w = {Start(10), TraceSite{1, "/w/pool.py", 3, "init"},
                               Op(1, "aten::ones", {}, {T(1)})};
  w.emplace_back(Op(1, "aten::sin", {T(1)}, {T(2)}, 1, /*thread=*/1));
  for (auto& e : TaskRecords(0, 2, 7)) w.push_back(std::move(e));
  const auto stream = streams.merge(1, Workers({&w}));
  EXPECT_EQ(streams.tasks(), 1u);
  EXPECT_EQ(streams.leftOut(), 1);  // the op on a thread whose start the worker did not record
  const auto ops = OpsOf(stream);
  ASSERT_EQ(ops.size(), 3u);
  EXPECT_EQ(ops[0]->name, "aten::ones");
  EXPECT_EQ(ops[0]->thread, 2);  // the worker's own, before its first task
  EXPECT_EQ(ops[1]->thread, 1);  // task 0: the tasks are numbered first
  bool named = false;
  for (const auto& e : stream) {
    if (const auto* t = std::get_if<TraceThread>(&e); t && t->thread == 2) {
      named = t->name == "ForkPoolWorker-1, before its first task";
    }
  }
  EXPECT_TRUE(named);
  EXPECT_TRUE(PoolTaskStreams::isWorker(w));
  EXPECT_FALSE(PoolTaskStreams::isWorker({Start(11), TraceTask{}}));
}

// A task that starts a thread of its own, whose op gives `bits` (the worker numbers the thread
// `thread`, after those of the tasks it ran before); the task sums what the thread gave and sends
// the sum back.
std::vector<TraceEvent> TaskWithAThread(int k, int thread, std::uint64_t bits) {
  const auto made = 300 + static_cast<std::uint64_t>(k);
  return {Task(std::to_string(k)),
          Op(1, "aten::full", {}, {T(made)}, 1),
          TraceThread{thread, "Thread-" + std::to_string(thread) + " (load)"},
          Op(1, "aten::cumsum", {T(made)}, {T(bits)}, 2, thread),
          Op(2, "aten::sum", {T(bits)}, {T(bits + 500)}, 2),
          TraceUse{2, "a process pool task's result", {bits + 500}},
          TraceTask{}};
}

TEST(TracePoolTasks, AThreadATaskStartsIsAlignedAsThatTasksThreadWhicheverWorkerRanIt) {
  PoolTaskStreams streams;
  std::vector<TraceEvent> a1 = {Start(10)}, b1 = {Start(11)}, a2 = {Start(20)};
  // Run 1: one worker runs task 0 (its thread 1), then task 1 (its thread 2); the other, task 2
  // without threads. Run 2: one worker runs them all, task 1 first, and task 0's thread gives
  // other bits.
  for (auto& e : TaskWithAThread(0, 1, 40)) a1.push_back(std::move(e));
  for (auto& e : TaskWithAThread(1, 2, 41)) a1.push_back(std::move(e));
  for (auto& e : TaskRecords(2, 1, 7)) b1.push_back(std::move(e));
  for (auto& e : TaskWithAThread(1, 1, 41)) a2.push_back(std::move(e));
  for (auto& e : TaskWithAThread(0, 2, 99)) a2.push_back(std::move(e));
  for (auto& e : TaskRecords(2, 1, 7)) a2.push_back(std::move(e));
  TraceAligner aligner;
  for (const auto& stream :
       {streams.merge(1, Workers({&a1, &b1})), streams.merge(2, Workers({&a2}))}) {
    aligner.beginRun();
    for (const auto& e : stream) aligner.add(e);
    TraceRunExit exit;
    exit.exited = true;
    aligner.endRun(exit);
  }
  EXPECT_EQ(streams.tasks(), 3u);  // the threads are lanes, not tasks
  EXPECT_EQ(streams.leftOut(), 0);
  const TraceAlignment& a = aligner.result();
  EXPECT_EQ(a.comparedOps(), 3 + 3 + 2);
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].op.name, "aten::cumsum");
  EXPECT_EQ(a.threadName(a.causes[0].thread), "task 0: work, thread 1: Thread-1 (load)");
  EXPECT_EQ(describeOpNumber(a, a.causes[0].thread, a.causes[0].seq),
            "op 1 of task 0: work, thread 1: Thread-1 (load)");
}

TEST(TracePoolTasks, TasksAreNumberedInTheirKeysOrderWhoeverRanThemFirst) {
  PoolTaskStreams streams;
  std::vector<TraceEvent> a = {Start(10)}, b = {Start(11)};
  for (const char* key : {"0.10", "1"}) a.emplace_back(Task(key));
  for (const char* key : {"0.9", "0.2"}) b.emplace_back(Task(key));
  const auto stream = streams.merge(1, Workers({&a, &b}));
  std::vector<std::string> names;
  for (const auto& e : stream) {
    if (const auto* t = std::get_if<TraceThread>(&e)) {
      names.resize(std::max<std::size_t>(names.size(), static_cast<std::size_t>(t->thread)));
      names[static_cast<std::size_t>(t->thread) - 1] = t->name;
    }
  }
  EXPECT_EQ(names, (std::vector<std::string>{"task 0.2: work", "task 0.9: work", "task 0.10: work",
                                             "task 1: work"}));
}

TEST(TracePoolTasks, TwoRanksPoolsKeepTheirTasksApartThoughTheirKeysAreTheSame) {
  // Each rank's pool counts its tasks from 0; rank 1's task 1 gives other bits in run 2.
  PoolTaskStreams streams;
  const auto r0a = Worker(10, {0, 1}, 7, false), r1a = Worker(11, {0, 1}, 7, false);
  const auto r0b = Worker(20, {1, 0}, 7, false), r1b = Worker(21, {0, 1}, 8, false);
  TraceAligner aligner;
  const auto of = [](const std::vector<TraceEvent>& records, int rank) {
    return PoolWorker{&records, rank, "rank " + std::to_string(rank)};
  };
  for (const auto& stream :
       {streams.merge(1, {of(r0a, 0), of(r1a, 1)}), streams.merge(2, {of(r1b, 1), of(r0b, 0)})}) {
    aligner.beginRun();
    for (const auto& e : stream) aligner.add(e);
    TraceRunExit exit;
    exit.exited = true;
    aligner.endRun(exit);
  }
  EXPECT_EQ(streams.tasks(), 4u);
  EXPECT_EQ(streams.owners(-2), (std::vector<int>{0, 0, 1, 1}));
  const TraceAlignment& a = aligner.result();
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.threadName(a.causes[0].thread), "rank 1, task 1: work");
  EXPECT_EQ(streams.owners(-2)[static_cast<std::size_t>(a.causes[0].thread) - 1], 1);
  EXPECT_EQ(describeOpNumber(a, a.causes[0].thread, a.causes[0].seq),
            "op 2 of rank 1, task 1: work");
}

// Processes whose run is their one task (a command the script started, a multiprocessing child)
// report their generators' states at their end; the stream's end holds them, each after its
// process's key, so that a generator one of them drew from without a seed differs over the runs.
TEST(TracePoolTasks, TheProcessesGeneratorsAreFoldedIntoTheStreamsEnd) {
  const auto process = [](std::int64_t pid, const std::string& key, const std::string& drawn) {
    TraceEnd end;
    end.status = "ok";
    end.generators = {{"random", {"a", drawn}}, {"torch", {"t", "t"}}};
    return std::vector<TraceEvent>{Start(pid),
                                   TraceTask{"process:" + key, "command " + key + ": x.py", ""},
                                   TraceSite{1, "/w/x.py", 3, "<module>"},
                                   Op(1, "aten::ones", {}, {T(5)}, 1),
                                   TraceTask{},
                                   end};
  };
  PoolTaskStreams streams;
  const auto s1 = process(10, "s1", "b"), s2 = process(11, "s2", "c");
  const auto stream = streams.merge(1, Workers({&s2, &s1}));
  ASSERT_FALSE(stream.empty());
  const auto* end = std::get_if<TraceEnd>(&stream.back());
  ASSERT_NE(end, nullptr);
  using States = std::pair<std::string, std::pair<std::string, std::string>>;
  EXPECT_EQ(end->generators,
            (std::vector<States>{
                {"random", {"process:s1=a;process:s2=a;", "process:s1=b;process:s2=c;"}},
                {"torch", {"process:s1=t;process:s2=t;", "process:s1=t;process:s2=t;"}}}));
  EXPECT_EQ(streams.processes(), 2u);

  // A pool's worker that ran two tasks reports nothing of its own: its draws are several tasks'.
  auto a1 = Worker(12, {0, 1}, 7, false);
  TraceEnd workerEnd;
  workerEnd.status = "ok";
  workerEnd.generators = {{"random", {"a", "b"}}};
  a1.emplace_back(workerEnd);
  PoolTaskStreams pool;
  const auto merged = pool.merge(1, Workers({&a1}));
  ASSERT_NE(std::get_if<TraceEnd>(&merged.back()), nullptr);
  EXPECT_TRUE(std::get_if<TraceEnd>(&merged.back())->generators.empty());
}

// A process the script started that failed gives the stream's end its status: the first in its
// key's order, named; the last end record of a process counts (an exec that failed records on).
TEST(TracePoolTasks, AFailedProcessEndsTheStreamAndIsNamed) {
  const auto process = [](std::int64_t pid, const std::string& key, std::vector<TraceEnd> ends) {
    std::vector<TraceEvent> records{
        Start(pid), TraceTask{"process:" + key, "command " + key + ": x.py", ""},
        TraceSite{1, "/w/x.py", 3, "<module>"}, Op(1, "aten::ones", {}, {T(5)}, 1), TraceTask{}};
    for (auto& end : ends) records.emplace_back(std::move(end));
    return records;
  };
  TraceEnd ok;
  ok.status = "ok";
  TraceEnd exited;
  exited.status = "exit";
  exited.exitCode = 3;
  TraceEnd raised;
  raised.status = "exception";
  raised.type = "RuntimeError";
  raised.message = "boom";
  TraceEnd clean = exited;
  clean.exitCode = 0;

  PoolTaskStreams streams;
  const auto s1 = process(10, "s1", {clean}), s2 = process(11, "s2", {raised}),
             s10 = process(12, "s10", {exited});
  const auto stream = streams.merge(1, Workers({&s10, &s1, &s2}));
  const auto* end = std::get_if<TraceEnd>(&stream.back());
  ASSERT_NE(end, nullptr);
  EXPECT_EQ(end->status, "exception");
  EXPECT_EQ(end->type, "RuntimeError");
  EXPECT_EQ(end->message, "boom");
  ASSERT_TRUE(streams.failure().has_value());
  EXPECT_EQ(streams.failure()->name, "command s2: x.py");  // s2 before s10, though given last
  EXPECT_EQ(streams.failure()->worker, 2u);

  // The next run: every process ends well; an exec that failed ended s2 once, then it ended ok.
  const auto t1 = process(20, "s1", {ok}), t2 = process(21, "s2", {exited, ok});
  const auto next = streams.merge(2, Workers({&t1, &t2}));
  EXPECT_FALSE(streams.failure().has_value());
  ASSERT_NE(std::get_if<TraceEnd>(&next.back()), nullptr);
  EXPECT_EQ(std::get_if<TraceEnd>(&next.back())->status, "ok");
}

TEST(TracePoolTasks, ATasksNameIsKnownFromAThreadsName) {
  EXPECT_TRUE(namesATask("task 0.3: work"));
  EXPECT_TRUE(namesATask("rank 12, task 2: work"));
  EXPECT_TRUE(namesATask("process 2: train"));  // a process the script started: its one task
  EXPECT_TRUE(namesATask("rank 1, process 2.1: train"));
  EXPECT_TRUE(namesATask("process 1, task 0: work"));         // a pool that process started
  EXPECT_TRUE(namesATask("command s1: python3 prepare.py"));  // a command the script started
  EXPECT_TRUE(namesATask("rank 0, command 2.s1: python3 prepare.py"));
  EXPECT_FALSE(namesATask("Process-1, before its first task"));
  EXPECT_FALSE(namesATask("rank 1, before its first task"));
  EXPECT_FALSE(namesATask("rank x, task 2: work"));
  EXPECT_FALSE(namesATask("loader"));
  EXPECT_FALSE(namesATask("ForkPoolWorker-1, before its first task"));
}

}  // namespace
}  // namespace detbench::trace
