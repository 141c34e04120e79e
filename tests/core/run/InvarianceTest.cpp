// Invariance runs on the CPU devices, under schedules the test controls (cpu-threads runs its
// tasks in shuffled orders, the same ones every time): deterministic forms keep their bits at
// every thread count, a privatised one differs from the sequential cpu device, a fixed tree
// does not, atomics repeat nothing; matmul's default form changes a row's bits exactly where
// its split-K choice changes with the batch size, its batch-invariant form never does; bad
// plans are refused before anything runs.

#include <gtest/gtest.h>

#include <optional>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/report/InvarianceJson.hpp"
#include "detbench/run/Invariance.hpp"

namespace detbench {
namespace {

struct InvarianceTest : ::testing::Test {
  InvarianceTest() {
    registry.add(cpu::makeCpuBackend());
    registry.add(cpu::makeCpuThreadsBackend(cpu::TaskSchedule::shuffled(5)));
    registry.addUnavailable("cuda", "cudaErrorNoDevice");
  }
  static RunRequest request(const char* op, DeterministicMode mode) {
    RunRequest r;
    r.op = op;
    r.device = "cpu-threads";
    r.trials = 4;
    r.warmup = 0;
    r.settings.deterministic = mode;
    return r;
  }
  static InvariancePlan threads(std::vector<int> counts) {
    return {InvarianceAxis::Threads, std::move(counts), {}, {}};
  }
  static InvariancePlan devices(std::vector<std::string> ids) {
    return {InvarianceAxis::Devices, {}, std::move(ids), {}};
  }
  static InvariancePlan batches(std::vector<std::int64_t> sizes) {
    return {InvarianceAxis::Batches, {}, {}, std::move(sizes)};
  }
  // 32 rows of 1024 products on 4 threads: 4 row blocks of 8 rows keep the threads busy; with
  // 1 to 8 rows k is cut into 4 slices, with 9 to 24 rows into 2, from 25 rows not at all.
  static RunRequest matmul(int batchInvariant) {
    RunRequest r = request("matmul", DeterministicMode::Error);
    r.params = {{"size", 32}, {"n", 24}, {"k", 1024}, {"batch_invariant", batchInvariant}};
    r.settings.threads = 4;
    return r;
  }
  BackendRegistry registry;
};

TEST_F(InvarianceTest, DeterministicFormsKeepTheirBitsAtEveryThreadCount) {
  const TrialRunner runner(registry);
  RunRequest r = request("index_add", DeterministicMode::Error);
  r.params = {{"size", 1 << 18}, {"rows", 64}};  // privatised: chunks fixed by the shape
  const InvarianceResult result = runInvariance(runner, r, threads({1, 2, 3, 8}));
  ASSERT_EQ(result.points.size(), 4u);
  EXPECT_TRUE(result.runToRun);
  EXPECT_TRUE(result.invariant);
  EXPECT_EQ(result.measured, GuaranteeLevel::ThreadCountInvariant);
  EXPECT_EQ(result.points[2].label, "3 threads");
  EXPECT_EQ(result.points[2].run.threads, 3);
}

TEST_F(InvarianceTest, APrivatisedSumIsNotTheSequentialDevicesButAFixedTreeIs) {
  const TrialRunner runner(registry);
  RunRequest r = request("index_add", DeterministicMode::Error);
  r.params = {{"size", 1 << 18}, {"rows", 64}};
  const InvarianceResult privatised = runInvariance(runner, r, devices({"cpu", "cpu-threads"}));
  EXPECT_TRUE(privatised.runToRun);
  EXPECT_FALSE(privatised.invariant);
  EXPECT_EQ(privatised.measured, GuaranteeLevel::RunToRun);
  ASSERT_TRUE(privatised.points[1].compared);
  EXPECT_GT(privatised.points[1].diff.nDiff, 0);
  EXPECT_GT(privatised.points[1].diff.maxUlp, 0u);

  RunRequest tree = request("sum", DeterministicMode::Off);
  tree.params = {{"size", 1 << 18}};
  const InvarianceResult same = runInvariance(runner, tree, devices({"cpu", "cpu-threads"}));
  EXPECT_EQ(same.measured, GuaranteeLevel::DeviceInvariant);
  EXPECT_TRUE(same.points[1].equalToFirst);
}

TEST_F(InvarianceTest, AtomicsGuaranteeNothing) {
  const TrialRunner runner(registry);
  RunRequest r = request("index_add", DeterministicMode::Off);
  r.params = {{"size", 1 << 18}, {"rows", 64}};
  const InvarianceResult result = runInvariance(runner, r, threads({2, 4}));
  EXPECT_FALSE(result.runToRun);
  EXPECT_EQ(result.measured, GuaranteeLevel::NotGuaranteed);
  EXPECT_GT(result.points[0].run.summary.distinctDigests, 1);
}

TEST_F(InvarianceTest, BadPlansAreRefusedBeforeAnythingRuns) {
  const TrialRunner runner(registry);
  const RunRequest r = request("sum", DeterministicMode::Off);
  for (const InvariancePlan& bad :
       {threads({}), threads({2}), threads({1, 2, 1}), threads({0, 2}), threads({1, 2000}),
        devices({"cpu"}), devices({"cpu", "cpu"})}) {
    EXPECT_THROW(runInvariance(runner, r, bad), InvalidArgument);
  }
  RunRequest onCpu = r;
  onCpu.device = "cpu";
  EXPECT_THROW(runInvariance(runner, onCpu, threads({1, 2})), InvalidArgument);
  EXPECT_THROW(runInvariance(runner, r, devices({"cpu", "nope"})), InvalidArgument);
  EXPECT_THROW(runInvariance(runner, r, devices({"cpu", "cuda"})), NotAvailable);
}

TEST_F(InvarianceTest, DefaultMatmulChangesARowsBitsExactlyWhereItsSplitChanges) {
  const TrialRunner runner(registry);
  const InvarianceResult r = runInvariance(runner, matmul(0), batches({1, 8, 9, 24, 25}));
  ASSERT_EQ(r.points.size(), 6u);
  EXPECT_EQ(r.points[0].label, "32 rows");  // the full batch first
  EXPECT_EQ(r.points[1].rows, 1);
  EXPECT_TRUE(r.runToRun);  // every batch size repeats its own bits
  EXPECT_FALSE(r.invariant);
  EXPECT_EQ(r.measured, GuaranteeLevel::RunToRun);
  // 4 slices (1 and 8 rows) against none (the full batch): every row differs somewhere.
  for (int i : {1, 2}) {
    ASSERT_TRUE(r.points[i].compared);
    EXPECT_FALSE(r.points[i].equalToFirst) << r.points[i].label;
    EXPECT_GT(r.points[i].diff.maxUlp, 0u);
  }
  // The same 4 slices at 1 and 8 rows: row 0 has the same bits.
  EXPECT_TRUE(r.points[2].comparedToOne);
  EXPECT_TRUE(r.points[2].equalToOne);
  // 2 slices at 9 and 24 rows: not 1 row's bits, not the full batch's.
  for (int i : {3, 4}) {
    EXPECT_FALSE(r.points[i].equalToOne) << r.points[i].label;
    EXPECT_FALSE(r.points[i].equalToFirst) << r.points[i].label;
  }
  // No split from 25 rows: the full batch's bits.
  EXPECT_TRUE(r.points[5].equalToFirst);
  EXPECT_FALSE(r.points[0].equalToOne);
}

TEST_F(InvarianceTest, BatchInvariantMatmulKeepsEveryRowAtEveryBatchSizeAndThreadCount) {
  const TrialRunner runner(registry);
  std::optional<std::uint64_t> digest;
  for (int t : {1, 2, 4, 8}) {
    RunRequest r = matmul(1);
    r.settings.threads = t;
    const InvarianceResult result = runInvariance(runner, r, batches({}));
    EXPECT_EQ(result.measured, GuaranteeLevel::BatchInvariant) << t << " threads";
    // 32, then the default list 1, 2, 3, 4, 8, 16.
    ASSERT_EQ(result.points.size(), 7u);
    EXPECT_EQ(result.points[6].rows, 16);
    for (const auto& p : result.points) EXPECT_TRUE(p.equalToOne) << p.label;
    if (!digest) digest = result.points[0].run.trials.front().digest;
    EXPECT_EQ(result.points[0].run.trials.front().digest, *digest) << t << " threads";
  }
  // And the sequential cpu device's bits.
  const InvarianceResult devs = runInvariance(runner, matmul(1), devices({"cpu", "cpu-threads"}));
  EXPECT_EQ(devs.measured, GuaranteeLevel::DeviceInvariant);
}

TEST_F(InvarianceTest, RmsNormSplitsRowsOnlyWhenTheBatchLeavesThreadsIdle) {
  const TrialRunner runner(registry);
  // 8 threads, 8 rows: no split. 1 row is cut into 8 slices, 2 rows into 4, 4 to 7 rows into 2.
  RunRequest r = request("rms_norm", DeterministicMode::Error);
  r.params = {{"size", 8}, {"cols", 4096}};
  r.settings.threads = 8;
  const InvarianceResult split = runInvariance(runner, r, batches({1, 4, 7}));
  EXPECT_EQ(split.measured, GuaranteeLevel::RunToRun);
  ASSERT_EQ(split.points.size(), 4u);
  EXPECT_FALSE(split.points[3].equalToFirst);  // 2 slices against none, over 7 rows
  EXPECT_GT(split.points[3].diff.maxUlp, 0u);
  // 4 and 7 rows cut each row the same way: the same bits for the rows they share.
  RunRequest four = r;
  four.params["size"] = 7;
  const InvarianceResult same = runInvariance(runner, four, batches({4}));
  EXPECT_TRUE(same.points[1].equalToFirst);

  r.params["batch_invariant"] = 1;
  const InvarianceResult invariant = runInvariance(runner, r, batches({1, 2, 3, 4}));
  EXPECT_EQ(invariant.measured, GuaranteeLevel::BatchInvariant);
}

TEST_F(InvarianceTest, SoftmaxToo) {
  const TrialRunner runner(registry);
  RunRequest r = request("softmax", DeterministicMode::Error);
  r.params = {{"size", 8}, {"cols", 4096}};
  r.settings.threads = 8;
  const InvarianceResult split = runInvariance(runner, r, batches({1, 7}));
  EXPECT_EQ(split.measured, GuaranteeLevel::RunToRun);
  EXPECT_FALSE(split.points[2].equalToFirst);  // 7 rows: each sum in 2 slices, against 1
  r.params["batch_invariant"] = 1;
  r.params["log"] = 1;
  EXPECT_EQ(runInvariance(runner, r, batches({1, 7})).measured, GuaranteeLevel::BatchInvariant);
}

TEST_F(InvarianceTest, DecodeAttentionSplitsTheCacheByCountByDefaultAndBySizeWhenInvariant) {
  const TrialRunner runner(registry);
  // 4 sequences of 1 head on 4 threads: no split for 4, 2 splits for 2 and 3, 4 for 1.
  RunRequest r = request("decode_attention", DeterministicMode::Error);
  r.params = {{"size", 4}, {"heads", 1}, {"head_dim", 32}, {"kv_len", 1024}};
  r.settings.threads = 4;
  const InvarianceResult byCount = runInvariance(runner, r, batches({1, 2, 3}));
  EXPECT_EQ(byCount.measured, GuaranteeLevel::RunToRun);
  EXPECT_FALSE(byCount.points[3].equalToFirst);  // 3 sequences in 2 splits against 1
  EXPECT_TRUE(byCount.points[3].comparedToOne);
  r.params["batch_invariant"] = 1;
  const InvarianceResult bySize = runInvariance(runner, r, batches({1, 2, 3}));
  EXPECT_EQ(bySize.measured, GuaranteeLevel::BatchInvariant);
  r.params["size"] = 2;
  EXPECT_EQ(runInvariance(runner, r, threads({1, 2, 3, 8})).measured,
            GuaranteeLevel::ThreadCountInvariant);
}

TEST_F(InvarianceTest, ARowDoesNotDependOnWhatItsNeighboursHold) {
  const TrialRunner runner(registry);
  // Default matmul: its bits follow the batch size, but among other rows of the same batch
  // size a row keeps them (the kernels never mix rows).
  InvariancePlan plan = batches({1, 4, 8});
  plan.otherRows = true;
  const InvarianceResult r = runInvariance(runner, matmul(0), plan);
  ASSERT_EQ(r.points.size(), 4u);
  for (const auto& p : r.points) {
    if (p.rows == 1) {
      EXPECT_FALSE(p.comparedAmongOthers);  // nothing else in its batch
      continue;
    }
    EXPECT_TRUE(p.comparedAmongOthers) << p.label;
    EXPECT_TRUE(p.equalAmongOthers) << p.label;
  }
  EXPECT_EQ(r.measured, GuaranteeLevel::RunToRun);
  RunRequest attention = request("decode_attention", DeterministicMode::Error);
  attention.params = {
      {"size", 4}, {"heads", 2}, {"head_dim", 16}, {"kv_len", 300}, {"batch_invariant", 1}};
  plan.batches = {1, 2};
  const InvarianceResult a = runInvariance(runner, attention, plan);
  EXPECT_EQ(a.measured, GuaranteeLevel::BatchInvariant);
  EXPECT_TRUE(a.points[2].equalAmongOthers);
}

TEST_F(InvarianceTest, BatchSizesOutsideTheBatchOrOutOfOrderAreRefused) {
  const TrialRunner runner(registry);
  for (const InvariancePlan& bad :
       {batches({0, 2}), batches({2, 1}), batches({1, 2, 2}), batches({1, 33}), batches({32})}) {
    EXPECT_THROW(runInvariance(runner, matmul(0), bad), InvalidArgument);
  }
  EXPECT_THROW(runInvariance(runner, request("sum", DeterministicMode::Off), batches({1})),
               InvalidArgument);
  RunRequest streams = matmul(0);
  streams.params["streams"] = 2;
  EXPECT_THROW(runInvariance(runner, streams, batches({1})), InvalidArgument);
  EXPECT_EQ(defaultBatchSizes(1), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(defaultBatchSizes(20), (std::vector<std::int64_t>{1, 2, 3, 4, 8, 16, 20}));
}

TEST_F(InvarianceTest, TheJsonHoldsTheComparisonsAndASweepReport) {
  const TrialRunner runner(registry);
  RunRequest r = request("sum", DeterministicMode::Off);
  r.params = {{"size", 4096}};
  const InvarianceResult result = runInvariance(runner, r, threads({1, 2}));
  const auto j = invarianceToJson(result, Environment{});
  EXPECT_EQ(j["format"], "detbench-invariance");
  EXPECT_EQ(j["measured"], "thread_count_invariant");
  ASSERT_EQ(j["points"].size(), 2u);
  EXPECT_EQ(j["points"][1]["equal_to_first"], true);
  EXPECT_EQ(j["report"]["kind"], "sweep");
  EXPECT_EQ(j["report"]["configurations"].size(), 2u);

  const auto b = invarianceToJson(runInvariance(runner, matmul(1), batches({1, 4})), Environment{});
  EXPECT_EQ(b["axis"], "batches");
  EXPECT_EQ(b["measured"], "batch_invariant");
  ASSERT_EQ(b["points"].size(), 3u);
  EXPECT_EQ(b["points"][0]["rows"], 32);
  EXPECT_EQ(b["points"][2]["rows"], 4);
  EXPECT_EQ(b["points"][2]["equal_to_one"], true);
  EXPECT_TRUE(b["points"][2].contains("median_time_per_row_ns"));
}

}  // namespace
}  // namespace detbench
