// A traced job of three processes (torch.multiprocessing.spawn, gloo on the CPU) with Debian's
// python3-torch: every rank is entered, its collectives recorded, and aligned against the same
// rank of run 1. The perturbation is by run number (no race), or a worker's own start seed;
// skipped where that python has no torch or no torch.distributed.

#include <algorithm>

#include <gtest/gtest.h>

#include "TracePython.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceSession.hpp"
#include "detbench/trace/TraceWorldSizes.hpp"

namespace detbench::trace {
namespace {

class TraceJobRun : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
    if (!kTraceTorchDistributed) {
      GTEST_SKIP() << kTracePython << "'s torch " << kTraceTorch << " has no torch.distributed";
    }
  }
  TraceConfigResult trace(TraceSettings settings, int runs,
                          const std::string& script = "ranks_all_reduce.py") {
    TracePlan plan;
    plan.secondPass = false;
    plan.command = parseScriptCommand({kTracePython, kScripts + "/" + script});
    plan.runs = runs;
    plan.timeout = std::chrono::seconds(300);
    plan.configs = {TraceConfig{"default", std::move(settings)}};
    const TraceResult r = runTrace(plan, checkPython(plan.command, ""));
    EXPECT_EQ(r.configs.size(), 1u);
    return r.configs.empty() ? TraceConfigResult{} : r.configs[0];
  }
};

// Three runs: the job repeats from run 1 to run 2, rank by rank; in run 3 rank 2 adds a number
// that depends on the run, and the trace finds it there while ranks 0 and 1 inherit it.
TEST_F(TraceJobRun, AJobRepeatsRankByRankUntilOneRankPerturbsItsInput) {
  TraceSettings settings;
  setEnvironment(settings, "PERTURB_RANK", "2");
  setEnvironment(settings, "PERTURB_FROM_RUN", "3");
  const TraceConfigResult c = trace(settings, 3);
  const TraceJobResult& job = c.job;
  ASSERT_EQ(job.ranks.size(), 3u) << describeVerdict(c);
  EXPECT_FALSE(c.failed());
  EXPECT_FALSE(c.reproducible());
  EXPECT_GT(job.comparedOps(), 30);
  EXPECT_EQ(c.alignment.comparedOps(), 0);  // the launching process itself runs no op
  for (const auto& r : job.ranks) {
    EXPECT_EQ(r.world, 3);
    EXPECT_EQ(r.backend, "gloo");
    EXPECT_EQ(r.collectives.size(), 2u);  // two steps, one all_reduce each
    ASSERT_EQ(r.pids.size(), 3u);
    EXPECT_NE(r.pids[0], r.pids[1]);  // a fresh process a run
    // Run 2 gave every rank the same bits as run 1.
    ASSERT_EQ(r.alignment.runs.size(), 3u);
    EXPECT_TRUE(r.alignment.runs[1].completed());
    EXPECT_EQ(r.alignment.runs[1].differing, 0) << describeRank(r);
    EXPECT_GT(r.alignment.runs[1].compared, 0);
  }
  EXPECT_FALSE(job.disagreement.has_value());
  const TraceRankResult* first = job.firstCause();
  ASSERT_NE(first, nullptr) << describeVerdict(c);
  EXPECT_EQ(first->rank, 2);
  const TraceCause& cause = first->alignment.causes.front();
  EXPECT_EQ(cause.op.name, "aten::add.Tensor");
  EXPECT_EQ(cause.runs, (std::vector<int>{3}));
  ASSERT_TRUE(cause.site.has_value());
  EXPECT_EQ(cause.site->function, "work");
  EXPECT_EQ(cause.category, CauseCategory::Data);  // a Python number that depends on the run
  for (int r = 0; r < 2; ++r) {
    const TraceRankResult& rank = job.ranks[static_cast<std::size_t>(r)];
    EXPECT_TRUE(rank.alignment.causes.empty()) << describeRank(rank);
    ASSERT_FALSE(rank.inherited.empty()) << describeRank(rank);
    EXPECT_EQ(rank.inherited[0].fromRank, 2);
    EXPECT_EQ(rank.inherited[0].op, "c10d::all_reduce");
  }
}

// DDP, whose collectives run from C++ (the constructor's broadcast and gather, the reducer's
// bucket all-reduce): runs 1 and 2 agree with nothing left over (DDP's buckets and gather
// buffers start as torch.empty memory that no result reads); in run 3 rank 1's batch differs,
// and rank 0 inherits it through the bucket's all-reduce.
TEST_F(TraceJobRun, DdpsOwnCollectivesCarryOneRanksDifferenceToTheOther) {
  TraceSettings settings;
  setEnvironment(settings, "PERTURB_RANK", "1");
  setEnvironment(settings, "PERTURB_FROM_RUN", "3");
  const TraceConfigResult c = trace(settings, 3, "ddp_buckets.py");
  const TraceJobResult& job = c.job;
  ASSERT_EQ(job.ranks.size(), 2u) << describeVerdict(c);
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  for (const auto& r : job.ranks) {
    ASSERT_EQ(r.alignment.runs.size(), 3u);
    EXPECT_EQ(r.alignment.runs[1].differing, 0) << describeRank(r);
    EXPECT_GT(r.alignment.runs[1].compared, 50);
    // The reducer's all-reduce of every step, seen as torch.distributed's own op.
    EXPECT_GE(std::count(r.collectiveNames.begin(), r.collectiveNames.end(), "c10d::allreduce_"), 3)
        << describeRank(r);
    for (const auto& note : r.alignment.notes) {
      EXPECT_NE(note.runs, (std::vector<int>{2})) << "a note in run 2 at " << note.op.name;
    }
  }
  const TraceRankResult* first = job.firstCause();
  ASSERT_NE(first, nullptr) << describeVerdict(c);
  EXPECT_EQ(first->rank, 1);
  EXPECT_EQ(first->alignment.causes.size(), 1u) << describeRank(*first);
  const TraceCause& cause = first->alignment.causes.front();
  EXPECT_EQ(cause.op.name, "aten::add.Tensor");
  EXPECT_EQ(cause.category, CauseCategory::Data);
  const TraceRankResult& other = job.ranks[0];
  EXPECT_TRUE(other.alignment.causes.empty()) << describeRank(other);
  ASSERT_FALSE(other.inherited.empty()) << describeRank(other);
  EXPECT_EQ(other.inherited[0].fromRank, 1);
  EXPECT_EQ(other.inherited[0].op, "c10d::allreduce_");
}

// Two processes wait in init_process_group for a world of three: the run ends with the rank's
// own words, on one line, and says that the ranks did not meet.
TEST_F(TraceJobRun, RanksThatNeverMeetEndTheRunWithTheirOwnWords) {
  const TraceConfigResult c = trace({}, 1, "no_rendezvous.py");
  EXPECT_TRUE(c.failed());
  ASSERT_EQ(c.alignment.runs.size(), 1u);
  const std::string ended = describeRunEnd(c.alignment.runs[0]);
  EXPECT_NE(ended.find("exited with 1: ProcessRaisedException: Process "), std::string::npos)
      << ended;
  EXPECT_NE(ended.find("terminated with the following error: RuntimeError: "), std::string::npos)
      << ended;
  EXPECT_NE(ended.find("the job's ranks did not all meet before its timeout"), std::string::npos)
      << ended;
  EXPECT_EQ(ended.find("Traceback"), std::string::npos) << ended;
}

TEST_F(TraceJobRun, TheSameSumAtTwoWorldSizesGivesOtherBits) {
  // 12 rows of the same seeded numbers, summed by 2 and by 3 ranks: the same number, grouped
  // otherwise (the sizes' own repeats are measured in docs/BENCHMARKS.md, not here).
  TracePlan plan;
  plan.secondPass = false;
  plan.command = parseScriptCommand({kTracePython, kScripts + "/world_size_sum.py"});
  plan.runs = 1;
  plan.timeout = std::chrono::seconds(300);
  plan.configs = parseWorldSizes("2,3", {});
  const TraceResult r = runTrace(plan, checkPython(plan.command, ""));
  ASSERT_EQ(r.configs.size(), 2u);
  EXPECT_EQ(r.configs[0].job.ranks.size(), 2u);
  EXPECT_EQ(r.configs[1].job.ranks.size(), 3u);
  const auto w = compareWorldSizes(r);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->sizes, (std::vector<int>{2, 3}));
  EXPECT_EQ(w->firstDiffering, 1u) << describeWorldSizes(*w);
  EXPECT_EQ(w->op, "c10d::all_reduce");
  EXPECT_TRUE(w->resultsCompared);
  EXPECT_TRUE(w->resultsDiffer);
}

// The parent seeded torch; the worker torch.multiprocessing.spawn started is a fresh interpreter
// whose generators nothing seeded. Before, the fix named no process ("seed the generators").
TEST_F(TraceJobRun, AWorkerThatSpawnStartedIsUnseededWhateverItsParentSeeded) {
  const TraceConfigResult c = trace({}, 2, "spawn_seeded_parent.py");
  ASSERT_EQ(c.job.ranks.size(), 1u) << describeVerdict(c);
  const TraceAlignment& a = c.job.ranks[0].alignment;
  ASSERT_FALSE(a.causes.empty()) << describeVerdict(c);
  const TraceCause& draw = a.causes.front();
  ASSERT_TRUE(draw.site.has_value());
  EXPECT_EQ(draw.site->line, lineOf("spawn_seeded_parent.py", "# DRAW"));
  EXPECT_EQ(explainCause(draw, PyTorchRelease{2, 8}).fix, TraceFix::SeedSpawnedProcess);
}

// The same worker started from multiprocessing's fork server (the default start method from
// Python 3.14 on): forked from a fresh interpreter, it leaves by os._exit. Before, its end
// record was never written ("a process the script started failed") and its draw's fix was
// --seed, which its parent's seeding already stood for.
TEST_F(TraceJobRun, AWorkerTheForkServerStartedEndsCleanlyAndIsUnseeded) {
  TraceSettings settings;
  setEnvironment(settings, "START_METHOD", "forkserver");
  const TraceConfigResult c = trace(settings, 2, "spawn_seeded_parent.py");
  ASSERT_EQ(c.job.ranks.size(), 1u) << describeVerdict(c);
  EXPECT_FALSE(c.failed()) << describeVerdict(c);
  const TraceAlignment& a = c.job.ranks[0].alignment;
  for (const auto& r : a.runs) EXPECT_TRUE(r.completed()) << describeRunEnd(r);
  ASSERT_FALSE(a.causes.empty()) << describeVerdict(c);
  const TraceCause& draw = a.causes.front();
  ASSERT_TRUE(draw.site.has_value());
  EXPECT_EQ(draw.site->line, lineOf("spawn_seeded_parent.py", "# DRAW"));
  EXPECT_EQ(explainCause(draw, PyTorchRelease{2, 8}).fix, TraceFix::SeedSpawnedProcess);
}

}  // namespace
}  // namespace detbench::trace
