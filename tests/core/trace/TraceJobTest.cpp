// A job's ranks on crafted record files: a rank whose input differs and the ranks that inherit
// it through a collective, a collective that parts on its own, a rank that dies, a rank missing
// from a run, processes without a rank, and the script's own process as a rank; and the verdict
// each rank's line rests on.

#include "detbench/trace/TraceJob.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceWords.hpp"

namespace detbench::trace {
namespace {

namespace fs = std::filesystem;

std::string digest(std::uint64_t d) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(d));
  return text;
}

std::string tensors(const std::vector<std::uint64_t>& digests) {
  std::string s = "[";
  for (const auto d : digests) {
    if (s.size() > 1) s += ",";
    s += "[\"" + digest(d) + "\",\"float32\",[4],\"cpu\",0]";
  }
  return s + "]";
}

// One process's records: its start, its rank (where `rank` >= 0), the ops, the script's use of
// the last op's outputs, and an end record (where `ended`).
struct Process {
  int rank = -1;
  std::int64_t pid = 100;
  std::int64_t parent = 1;  // its parent's pid
  std::vector<std::string> ops;
  std::uint64_t used = 0;
  bool ended = true;
  std::string stderrText;            // its copy of its standard error (proc-PID.err), if any
  std::vector<std::string> records;  // more records after those (another thread's ops, uses)
  bool recordsFirst = false;         // `records` before the ops instead
};

std::string op(int seq, const std::string& name, const std::vector<std::uint64_t>& in,
               const std::vector<std::uint64_t>& out) {
  return "{\"t\":\"op\",\"i\":" + std::to_string(seq) + ",\"op\":\"" + name +
         "\",\"s\":1,\"in\":" + tensors(in) + ",\"out\":" + tensors(out) + "}";
}

class TraceJob : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() /
        ("detbench-job-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes the run's files and collects them.
  void run(int number, const std::vector<Process>& processes, TraceRunExit script = ok()) {
    fs::create_directories(dir_);
    for (const auto& p : processes) {
      std::ofstream out(dir_ / ("proc-" + std::to_string(p.pid) + ".jsonl"));
      out << "{\"t\":\"start\",\"v\":2,\"run\":" << number << ",\"pid\":" << p.pid
          << ",\"python\":\"3.11.2\",\"torch\":\"2.15.0\",\"threads\":1,"
             "\"deterministic\":false,\"applied\":{},\"ppid\":"
          << p.parent << ",\"forked\":0}\n";
      if (p.rank >= 0) {
        out << "{\"t\":\"rank\",\"rank\":" << p.rank
            << ",\"world\":3,\"local\":null,\"backend\":\"gloo\"}\n";
      }
      out << "{\"t\":\"site\",\"s\":1,\"file\":\"/w/train.py\",\"line\":7,\"fn\":\"work\"}\n";
      if (p.recordsFirst) {
        for (const auto& line : p.records) out << line << "\n";
      }
      for (const auto& line : p.ops) out << line << "\n";
      if (p.used != 0) {
        out << "{\"t\":\"use\",\"i\":" << p.ops.size() << ",\"what\":\"print\",\"d\":[\""
            << digest(p.used) << "\"]}\n";
      }
      if (!p.recordsFirst) {
        for (const auto& line : p.records) out << line << "\n";
      }
      if (p.ended) out << "{\"t\":\"end\",\"ops\":" << p.ops.size() << ",\"status\":\"ok\"}\n";
      if (!p.stderrText.empty()) {
        std::ofstream(dir_ / ("proc-" + std::to_string(p.pid) + ".err")) << p.stderrText;
      }
    }
    job_.collectRun(number, dir_.string(), script);
  }
  TraceJobResult finish(int scriptRank = -1, std::vector<std::int64_t> collectives = {}) {
    return job_.finish(script_, scriptRank, collectives);
  }
  static TraceRunExit ok() {
    TraceRunExit e;
    e.exited = true;
    return e;
  }

  // Rank r of a step: its gradient (op 1, from nothing), scaled by a number (op 2) and
  // all-reduced (op 3); the script prints the sum.
  static Process step(int rank, std::uint64_t grad, std::uint64_t scaled, std::uint64_t sum) {
    Process p;
    p.rank = rank;
    p.pid = 200 + rank;
    p.ops = {op(1, "aten::randn", {}, {grad}), op(2, "aten::mul.Tensor", {grad}, {scaled}),
             op(3, "c10d::all_reduce", {scaled}, {sum})};
    p.used = sum;
    return p;
  }

  fs::path dir_;
  TraceJobAligner job_;
  TraceAlignment script_;
};

TEST_F(TraceJob, AlikeRanksAgree) {
  for (int r = 1; r <= 2; ++r)
    run(r, {step(0, 10, 11, 99), step(1, 20, 21, 99), step(2, 30, 31, 99)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 3u);
  EXPECT_TRUE(job.agrees());
  EXPECT_EQ(job.comparedOps(), 9);
  EXPECT_EQ(job.ranks[1].pids, (std::vector<std::int64_t>{201, 201}));
  EXPECT_EQ(job.ranks[2].collectives, (std::vector<std::int64_t>{3}));
  EXPECT_EQ(job.firstCause(), nullptr);
  EXPECT_FALSE(job.disagreement.has_value());
  const RankVerdict v = rankVerdict(job.ranks[0]);
  EXPECT_EQ(v.kind, RankVerdictKind::Agrees);
  EXPECT_EQ(v.compared, 3);
}

TEST_F(TraceJob, ARankThatDiffersIsTheCauseAndTheOthersInheritItThroughTheCollective) {
  run(1, {step(0, 10, 11, 99), step(1, 20, 21, 99), step(2, 30, 31, 99)});
  // Run 2: rank 2's op 2 gives other bits on the same input; every rank's all_reduce then
  // gives another sum, on inputs that were equal on ranks 0 and 1.
  run(2, {step(0, 10, 11, 98), step(1, 20, 21, 98), step(2, 30, 32, 98)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 3u);
  EXPECT_FALSE(job.agrees());
  EXPECT_EQ(job.causeCount(), 1u);
  const TraceRankResult* first = job.firstCause();
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->rank, 2);
  EXPECT_EQ(first->alignment.causes.front().seq, 2);
  for (int r = 0; r < 2; ++r) {
    const TraceRankResult& rank = job.ranks[static_cast<std::size_t>(r)];
    EXPECT_TRUE(rank.alignment.causes.empty()) << "rank " << r;
    ASSERT_EQ(rank.inherited.size(), 1u) << "rank " << r;
    EXPECT_EQ(rank.inherited[0].fromRank, 2);
    EXPECT_EQ(rank.inherited[0].seq, 3);
    EXPECT_EQ(rank.inherited[0].op, "c10d::all_reduce");
    EXPECT_EQ(rank.alignment.runs[1].statuses[2], OpStatus::Inherited);
    const RankVerdict v = rankVerdict(rank);
    EXPECT_EQ(v.kind, RankVerdictKind::Inherited) << "rank " << r;
    EXPECT_EQ(v.inherited, &rank.inherited[0]);
  }
  const RankVerdict v = rankVerdict(*first);
  EXPECT_EQ(v.kind, RankVerdictKind::FirstCause);
  EXPECT_EQ(v.cause, &first->alignment.causes.front());
}

TEST_F(TraceJob, RankZeroCanBeWhereTheOthersTookTheirDifferenceFrom) {
  run(1, {step(0, 10, 11, 99), step(1, 20, 21, 99), step(2, 30, 31, 99)});
  run(2, {step(0, 10, 12, 98), step(1, 20, 21, 98), step(2, 30, 31, 98)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 3u);
  ASSERT_EQ(job.causeCount(), 1u);
  EXPECT_EQ(job.firstCause()->rank, 0);
  for (int r = 1; r <= 2; ++r) {
    const TraceRankResult& rank = job.ranks[static_cast<std::size_t>(r)];
    EXPECT_TRUE(rank.alignment.causes.empty()) << "rank " << r;
    ASSERT_EQ(rank.inherited.size(), 1u) << "rank " << r;
    EXPECT_EQ(rank.inherited[0].fromRank, 0);
    EXPECT_EQ(rank.alignment.runs[1].statuses[2], OpStatus::Inherited);
  }
}

TEST_F(TraceJob, AnotherThreadsOpIsNotTakenForTheCollectiveOfTheSameNumber) {
  // Each rank's thread 1 runs an all_reduce numbered 3, like the main thread's, whose inputs
  // matched and whose result differs in run 2 on rank 1 only: it stays rank 1's own cause.
  const auto withThread = [](Process p, std::uint64_t out) {
    for (int seq = 1; seq <= 3; ++seq) {
      std::string o =
          seq < 3 ? op(seq, "aten::ones", {}, {7}) : op(3, "c10d::all_reduce", {7}, {out});
      o.insert(o.size() - 1, ",\"th\":1");
      p.records.push_back(o);
    }
    p.records.push_back("{\"t\":\"use\",\"i\":3,\"th\":1,\"what\":\"print\",\"d\":[\"" +
                        digest(out) + "\"]}");
    return p;
  };
  run(1, {withThread(step(0, 10, 11, 99), 5), withThread(step(1, 20, 21, 99), 5)});
  run(2, {withThread(step(0, 10, 12, 98), 5), withThread(step(1, 20, 21, 98), 6)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 2u);
  const TraceRankResult& one = job.ranks[1];
  ASSERT_EQ(one.inherited.size(), 1u);
  EXPECT_EQ(one.inherited[0].thread, 0);
  ASSERT_EQ(one.alignment.causes.size(), 1u);
  EXPECT_EQ(one.alignment.causes[0].thread, 1);
  EXPECT_EQ(one.alignment.causes[0].seq, 3);
}

TEST_F(TraceJob, AnotherThreadsCollectiveIsNotCountedAmongTheRanksCollectives) {
  // Each rank's thread 1 all-reduces first (its op 1), before the main thread's ops are written;
  // in run 2 it gives other bits on rank 1. The ranks' collectives are their main threads'.
  const auto withThread = [](Process p, std::uint64_t out) {
    std::string o = op(1, "c10d::all_reduce", {7}, {out});
    o.insert(o.size() - 1, ",\"th\":1");
    p.records = {
        o, "{\"t\":\"use\",\"i\":1,\"th\":1,\"what\":\"print\",\"d\":[\"" + digest(out) + "\"]}"};
    p.recordsFirst = true;
    return p;
  };
  run(1, {withThread(step(0, 10, 11, 99), 5), withThread(step(1, 20, 21, 99), 5)});
  run(2, {withThread(step(0, 10, 12, 98), 5), withThread(step(1, 20, 21, 98), 6)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 2u);
  EXPECT_EQ(job.ranks[0].collectives, (std::vector<std::int64_t>{3}));
  const TraceRankResult& one = job.ranks[1];
  ASSERT_EQ(one.inherited.size(), 1u);
  EXPECT_EQ(one.inherited[0].seq, 3);
  EXPECT_EQ(one.inherited[0].fromRank, 0);
  ASSERT_EQ(one.alignment.causes.size(), 1u);
  EXPECT_EQ(one.alignment.causes[0].thread, 1);
}

TEST_F(TraceJob, ARankWhoseOpsPartBeforeTheCollectiveIsWhereItCameFrom) {
  run(1, {step(0, 10, 11, 99), step(1, 20, 21, 99)});
  // Run 2: rank 1 runs another op before its all_reduce; rank 0's all_reduce gives other bits.
  Process other = step(1, 20, 21, 98);
  other.ops[1] = op(2, "aten::add.Tensor", {20}, {22});
  run(2, {step(0, 10, 11, 98), other});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 2u);
  EXPECT_FALSE(job.ranks[1].alignment.partings.empty());
  EXPECT_TRUE(job.ranks[0].alignment.causes.empty());
  ASSERT_EQ(job.ranks[0].inherited.size(), 1u);
  EXPECT_EQ(job.ranks[0].inherited[0].fromRank, 1);
  EXPECT_EQ(rankVerdict(job.ranks[1]).kind, RankVerdictKind::Parted);
}

TEST_F(TraceJob, ACollectiveWhoseInputsMatchedOnEveryRankIsACauseOfItsOwnKind) {
  run(1, {step(0, 10, 11, 99), step(1, 20, 21, 99)});
  run(2, {step(0, 10, 11, 97), step(1, 20, 21, 97)});
  const TraceJobResult job = finish();
  EXPECT_EQ(job.causeCount(), 2u);
  for (const auto& rank : job.ranks) {
    ASSERT_EQ(rank.alignment.causes.size(), 1u);
    const TraceCause& cause = rank.alignment.causes.front();
    EXPECT_EQ(cause.seq, 3);
    EXPECT_TRUE(rank.inherited.empty());
    const CauseExplanation e = explainCause(cause, PyTorchRelease{2, 15});
    EXPECT_EQ(e.kind, CauseKind::CollectiveOrder);
    EXPECT_EQ(e.fix, TraceFix::CollectiveSettings);
  }
}

TEST_F(TraceJob, ARankThatDiesOrIsMissingFailsTheJob) {
  run(1, {step(0, 10, 11, 99), step(1, 20, 21, 99)});
  Process dying = step(1, 20, 21, 99);
  dying.ops.resize(2);
  dying.used = 0;
  dying.ended = false;
  dying.stderrText = "Traceback (most recent call last):\nRuntimeError: rank 1 gives up\n";
  Process talking = step(0, 10, 11, 99);
  talking.stderrText = "rank 0 is fine\n";
  run(2, {talking, dying});
  run(3, {step(0, 10, 11, 99)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 2u);
  EXPECT_TRUE(job.anyFailed());
  EXPECT_FALSE(job.agrees());
  const auto& runs = job.ranks[1].alignment.runs;
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_NE(runs[1].exit.problem.find("killed or crashed"), std::string::npos);
  // The rank's own words, apart from the other ranks'.
  EXPECT_NE(runs[1].exit.stderrTail.find("rank 1 gives up"), std::string::npos);
  EXPECT_EQ(runs[1].exit.stderrTail.find("rank 0 is fine"), std::string::npos);
  EXPECT_NE(job.ranks[0].alignment.runs[1].exit.stderrTail.find("rank 0 is fine"),
            std::string::npos);
  EXPECT_NE(runs[2].exit.problem.find("did not take part in run 3"), std::string::npos);
  EXPECT_EQ(job.ranks[1].pids, (std::vector<std::int64_t>{201, 201, 0}));
  // Rank 0 ran alike in every run.
  EXPECT_TRUE(job.ranks[0].alignment.causes.empty());
  EXPECT_FALSE(job.ranks[0].alignment.runs[2].exit.problem.size());
  // A run that ended early comes before anything the rank's ops say.
  const RankVerdict v = rankVerdict(job.ranks[1]);
  EXPECT_EQ(v.kind, RankVerdictKind::RunEnded);
  ASSERT_NE(v.endedRun, nullptr);
  EXPECT_EQ(v.endedRun->run, 2);
  EXPECT_EQ(rankVerdict(job.ranks[0]).kind, RankVerdictKind::Agrees);
}

TEST_F(TraceJob, ARankFirstSeenInALaterRunIsMissingFromTheEarlierOnes) {
  run(1, {step(0, 10, 11, 99)});
  run(2, {step(0, 10, 11, 99), step(1, 20, 21, 99)});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 2u);
  ASSERT_EQ(job.ranks[1].alignment.runs.size(), 2u);
  EXPECT_NE(job.ranks[1].alignment.runs[0].exit.problem.find("run 1"), std::string::npos);
  EXPECT_TRUE(job.anyFailed());
}

TEST_F(TraceJob, ProcessesWithoutARankAreCountedNotCompared) {
  Process pool;
  pool.pid = 300;
  pool.ops = {op(1, "aten::add.Tensor", {1, 2}, {3})};
  Process idle;  // never ran an op: not counted
  idle.pid = 301;
  for (int r = 1; r <= 2; ++r) run(r, {step(0, 10, 11, 99), pool, idle});
  const TraceJobResult job = finish();
  EXPECT_EQ(job.unrankedProcesses, 1);
  EXPECT_EQ(job.unrankedOps, 1);
  EXPECT_FALSE(job.agrees());
}

TEST_F(TraceJob, TwoProcessesClaimingOneRankKeepTheFirst) {
  Process twin = step(0, 10, 11, 99);
  twin.pid = 250;
  for (int r = 1; r <= 2; ++r) run(r, {step(0, 10, 11, 99), twin});
  const TraceJobResult job = finish();
  ASSERT_EQ(job.ranks.size(), 1u);
  EXPECT_EQ(job.ranks[0].pids, (std::vector<std::int64_t>{200, 200}));
  EXPECT_EQ(job.unrankedProcesses, 1);
}

TEST_F(TraceJob, TheScriptsOwnProcessTakesPartAsItsRank) {
  // The script is rank 0 (its alignment as the session made it); one started process is rank 1,
  // whose input to the all_reduce differs in run 2.
  TraceAligner own;
  for (int r = 1; r <= 2; ++r) {
    own.beginRun();
    own.add(TraceStart{1, r, 50, "3.11.2", "2.15.0", 1, false, {}, "", 0, false});
    own.add(TraceSite{1, "/w/train.py", 7, "<module>"});
    own.add(parseTraceRecord(op(1, "aten::randn", {}, {10})));
    own.add(parseTraceRecord(op(2, "c10d::all_reduce", {10}, {r == 1 ? 99u : 98u})));
    own.add(TraceUse{2, "print", {r == 1 ? 99u : 98u}});
    TraceEnd end;
    end.ops = 2;
    end.status = "ok";
    own.add(end);
    own.endRun(ok());
  }
  script_ = own.result();
  ASSERT_EQ(script_.causes.size(), 1u);  // alone, the script's all_reduce looks like a cause
  Process other;
  other.rank = 1;
  other.pid = 201;
  run(1, {[&] {
        Process p = other;
        p.ops = {op(1, "aten::randn", {}, {20}), op(2, "c10d::all_reduce", {20}, {99})};
        return p;
      }()});
  run(2, {[&] {
        Process p = other;
        p.ops = {op(1, "aten::randn", {}, {21}), op(2, "c10d::all_reduce", {21}, {98})};
        return p;
      }()});
  const TraceJobResult job = finish(0, {2});
  ASSERT_EQ(job.ranks.size(), 2u);
  EXPECT_TRUE(job.ranks[0].scriptProcess);
  EXPECT_EQ(job.ranks[0].pids, (std::vector<std::int64_t>{50, 50}));
  ASSERT_EQ(job.ranks[0].inherited.size(), 1u);
  EXPECT_EQ(job.ranks[0].inherited[0].fromRank, 1);
  // The script's own alignment follows: its all_reduce is no longer a cause.
  EXPECT_TRUE(script_.causes.empty());
  ASSERT_NE(job.firstCause(), nullptr);
  EXPECT_EQ(job.firstCause()->rank, 1);
}

TEST_F(TraceJob, ACollectiveThatShouldGiveEveryRankTheSameBitsAndDoesNotIsNamed) {
  // Run 1: rank 1's all_reduce result is not rank 0's and rank 2's (the same in both runs).
  for (int r = 1; r <= 2; ++r) {
    run(r, {step(0, 10, 11, 99), step(1, 20, 21, 98), step(2, 30, 31, 99)});
  }
  const TraceJobResult job = finish();
  EXPECT_TRUE(job.agrees());  // run against run, every rank repeats
  ASSERT_TRUE(job.disagreement.has_value());
  EXPECT_EQ(job.disagreement->collective, 1u);
  EXPECT_EQ(job.disagreement->op, "c10d::all_reduce");
  EXPECT_EQ(job.disagreement->reference, 0);
  EXPECT_EQ(job.disagreement->ranks, (std::vector<int>{1}));
}

TEST_F(TraceJob, ACollectiveWhoseResultsDifferByRankIsNotADisagreement) {
  Process a = step(0, 10, 11, 99), b = step(1, 20, 21, 98);
  a.ops[2] = op(3, "c10d::reduce_scatter_tensor", {11}, {99});
  b.ops[2] = op(3, "c10d::reduce_scatter_tensor", {21}, {98});
  for (int r = 1; r <= 2; ++r) run(r, {a, b});
  EXPECT_FALSE(finish().disagreement.has_value());
}

TEST_F(TraceJob, AFileThatIsNotRecordsIsAProblemNotACrash) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "proc-7.jsonl") << "{\"t\":\"start\",\"v\":2}\nnot json\n";
  job_.collectRun(1, dir_.string(), ok());
  const TraceJobResult job = finish();
  ASSERT_EQ(job.problems.size(), 1u);
  EXPECT_NE(job.problems[0].find("proc-7.jsonl line 1"), std::string::npos) << job.problems[0];
  EXPECT_FALSE(job.agrees());
}

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

}  // namespace
}  // namespace detbench::trace
