// rand, randn and dropout on the CPU devices, through the trial runner:
//  - the `cpu` device draws PyTorch's CPU stream: with seed 42 its first rand value is the one
//    torch.manual_seed(42); torch.rand(1) gives (0.8822692632675171, PyTorch 1.13 on Debian 12);
//  - a set seed gives the same output every trial, at every thread count;
//  - an unset seed gives a different output every trial, and the run's recorded seed repeats
//    the whole run;
//  - cpu and cpu-threads give different numbers for the same seed (Mersenne Twister vs Philox);
//  - dropout zeroes about p of the elements and scales the rest by 1 / (1 - p);
//  - deterministic mode in error form runs them (they are deterministic given the seed).

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/ops/RandomOps.hpp"
#include "detbench/rng/Philox.hpp"
#include "detbench/rng/RngEngines.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench {
namespace {

class RandomOpsTest : public ::testing::TestWithParam<std::string> {
 protected:
  RandomOpsTest() {
    registry_.add(cpu::makeCpuBackend());
    registry_.add(cpu::makeCpuThreadsBackend());
  }
  RunRequest request(const std::string& device, std::optional<std::uint64_t> seed, int trials,
                     int threads = 2) const {
    RunRequest r;
    r.op = GetParam();
    r.params = {{"size", 10000}};
    r.device = device;
    r.trials = trials;
    r.warmup = 1;
    r.settings.seed = seed;
    r.settings.threads = threads;
    return r;
  }
  RunResult run(const RunRequest& r, HostTensor* first = nullptr) const {
    RunCallbacks cb;
    if (first) cb.onFirstOutput = [first](const HostTensor& t) { *first = t.clone(); };
    return TrialRunner(registry_).run(r, cb);
  }
  BackendRegistry registry_;
};

TEST_P(RandomOpsTest, ASetSeedRepeatsAtEveryThreadCount) {
  std::set<std::uint64_t> digests;
  for (int threads : {1, 2, 4}) {
    const RunResult r = run(request("cpu-threads", 42, 20, threads));
    ASSERT_FALSE(r.failed()) << r.errors.front().message;
    EXPECT_TRUE(r.summary.reproducible);
    digests.insert(r.trials.front().digest);
  }
  EXPECT_EQ(digests.size(), 1u);
  EXPECT_TRUE(run(request("cpu", 42, 5)).summary.reproducible);
}

TEST_P(RandomOpsTest, AnUnsetSeedDiffersEveryTrialYetTheRunRepeats) {
  for (const char* device : {"cpu", "cpu-threads"}) {
    const RunResult r = run(request(device, std::nullopt, 10));
    ASSERT_FALSE(r.failed());
    EXPECT_EQ(r.summary.distinctDigests, 10) << device;
    EXPECT_FALSE(r.seedWasSet);
  }
}

TEST_P(RandomOpsTest, CpuAndCpuThreadsStreamsDifferForTheSameSeed) {
  EXPECT_NE(run(request("cpu", 7, 1)).trials.front().digest,
            run(request("cpu-threads", 7, 1)).trials.front().digest);
}

TEST_P(RandomOpsTest, DeterministicErrorModeRunsThem) {
  RunRequest r = request("cpu-threads", 3, 3);
  r.settings.deterministic = DeterministicMode::Error;
  const RunResult res = run(r);
  EXPECT_FALSE(res.failed());
  EXPECT_TRUE(res.summary.reproducible);
}

INSTANTIATE_TEST_SUITE_P(Ops, RandomOpsTest, ::testing::Values("rand", "randn", "dropout"));

// One trial of `op` on `device` with a seed; its output.
HostTensor firstOutput(const std::string& op, OpParams params, const std::string& device,
                       std::uint64_t seed) {
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  registry.add(cpu::makeCpuThreadsBackend());
  RunRequest r;
  r.op = op;
  r.params = std::move(params);
  r.device = device;
  r.trials = 1;
  r.warmup = 0;
  r.settings.seed = seed;
  HostTensor first;
  RunCallbacks cb;
  cb.onFirstOutput = [&](const HostTensor& t) { first = t.clone(); };
  const RunResult res = TrialRunner(registry).run(r, cb);
  EXPECT_FALSE(res.failed());
  return first;
}

TEST(RandomOpsValuesTest, CpuDrawsPyTorchsStreamAndCpuThreadsPhilox) {
  for (const char* device : {"cpu", "cpu-threads"}) {
    const HostTensor first = firstOutput("rand", {{"size", 1000}}, device, 42);
    const auto out = first.as<float>();
    if (std::string(device) == "cpu") {
      EXPECT_EQ(out[0], 0.8822692632675171f);  // torch.manual_seed(42); torch.rand(1)
      std::vector<float> want(1000);
      rng::torchRand(42, want.data(), 1000);
      EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
    } else {
      for (std::size_t i = 0; i < 1000; ++i) ASSERT_EQ(out[i], rng::Philox::uniform(42, i));
    }
  }
}

TEST(RandomOpsValuesTest, DropoutZeroesAboutPAndScalesTheRest) {
  const OpParams given{{"size", 100000}, {"p_percent", 30}};
  const HostTensor first = firstOutput("dropout", given, "cpu-threads", 1);
  const OpDefinition& def = opDefinition("dropout");
  const OpParams params = resolveParams("dropout", def.params(), given);
  const auto inputs = def.makeInputs(params, DataGenerator(0));
  const auto x = inputs[0].as<float>();
  const auto out = first.as<float>();
  const float scale = 1.0f / (1.0f - 0.3f);
  int zeros = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == 0.0f) {
      ++zeros;
    } else {
      ASSERT_EQ(out[i], x[i] * 1.0f * scale);
    }
  }
  EXPECT_NEAR(zeros / 100000.0, 0.3, 0.01);  // > 6 standard errors
}

}  // namespace
}  // namespace detbench
