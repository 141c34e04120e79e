// A job's ranks on crafted record files: a rank whose input differs and the ranks that inherit
// it through a collective, a collective that parts on its own, a rank that dies, a rank missing
// from a run, processes without a rank, and the script's own process as a rank; and the verdict
// each rank's line rests on.

#include "detbench/trace/TraceJob.hpp"

#include <gtest/gtest.h>

#include "TraceJobFixture.hpp"

#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceWords.hpp"

namespace detbench::trace {
namespace {

using namespace job_test;

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

// A process killed (or ended with os._exit) before its records reached its file: the ring beside
// the file kept them, and they are read after the file's end.
TEST_F(TraceJob, RecordsThatNeverReachedTheFileAreReadFromTheRing) {
  const Process whole = step(0, 10, 11, 99);
  run(1, {whole});
  // Run 2: the same records, the file cut after the site record, the rest in the ring only.
  fs::remove_all(dir_);
  fs::create_directories(dir_);
  std::string stream =
      "{\"t\":\"start\",\"v\":2,\"run\":2,\"pid\":200,\"python\":\"3.11.2\",\"torch\":"
      "\"2.15.0\",\"threads\":1,\"deterministic\":false,\"applied\":{},\"ppid\":1,"
      "\"forked\":0}\n{\"t\":\"rank\",\"rank\":0,\"world\":3,\"local\":null,\"backend\":"
      "\"gloo\"}\n{\"t\":\"site\",\"s\":1,\"file\":\"/w/train.py\",\"line\":7,\"fn\":"
      "\"work\"}\n";
  const std::size_t written = stream.size();
  for (const auto& line : whole.ops) stream += line + "\n";
  stream += "{\"t\":\"use\",\"i\":3,\"what\":\"print\",\"d\":[\"" + digest(99) + "\"]}\n";
  stream += "{\"t\":\"end\",\"ops\":3,\"status\":\"ok\"}\n";
  std::ofstream(dir_ / "proc-200.jsonl", std::ios::binary) << stream.substr(0, written);
  // The ring: the bytes written in all and its capacity, then the stream's bytes at their
  // places modulo the capacity (smaller than the stream: it has wrapped).
  const std::uint64_t capacity = 640, total = stream.size();
  ASSERT_GT(total, capacity);
  ASSERT_LT(total - written, capacity);
  std::string ring(16 + capacity, '\0');
  for (int i = 0; i < 8; ++i) {
    ring[static_cast<std::size_t>(i)] = static_cast<char>((total >> (8 * i)) & 0xff);
    ring[static_cast<std::size_t>(8 + i)] = static_cast<char>((capacity >> (8 * i)) & 0xff);
  }
  for (std::uint64_t i = 0; i < total; ++i) ring[16 + i % capacity] = stream[i];
  std::ofstream(dir_ / "proc-200.ring", std::ios::binary) << ring;
  job_.collectRun(2, dir_.string(), ok());
  const TraceJobResult job = finish();
  EXPECT_TRUE(job.problems.empty());
  ASSERT_EQ(job.ranks.size(), 1u);
  const auto& runs = job.ranks[0].alignment.runs;
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[1].ops, 3);
  EXPECT_TRUE(runs[1].completed()) << describeRunEnd(runs[1]);
  EXPECT_EQ(runs[1].compared, 3);
  EXPECT_EQ(runs[1].differing, 0);
}

}  // namespace
}  // namespace detbench::trace
