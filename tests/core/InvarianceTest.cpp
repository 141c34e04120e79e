// Invariance runs on the CPU devices, under schedules the test controls (cpu-threads runs its
// tasks in shuffled orders, the same ones every time): deterministic forms keep their bits at
// every thread count, a privatised one differs from the sequential cpu device, a fixed tree
// does not, atomics repeat nothing; bad plans are refused before anything runs.

#include <gtest/gtest.h>

#include "detbench/BackendRegistry.hpp"
#include "detbench/Error.hpp"
#include "detbench/Invariance.hpp"
#include "detbench/InvarianceJson.hpp"
#include "detbench/cpu/CpuBackends.hpp"

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
    return {InvarianceAxis::Threads, std::move(counts), {}};
  }
  static InvariancePlan devices(std::vector<std::string> ids) {
    return {InvarianceAxis::Devices, {}, std::move(ids)};
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
}

}  // namespace
}  // namespace detbench
