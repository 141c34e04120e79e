// Every op on the CPU devices, through the trial runner, on small contended inputs:
//  - the atomic form agrees with the float64 reference within the recursive-summation bound
//    |computed - exact| <= T * 2^-24 * sum|terms| (Higham, Accuracy and Stability of Numerical
//    Algorithms, 2nd ed., section 4.2), T the op's bound on terms per output element;
//  - the deterministic form is bitwise identical over 50 runs and across 1, 2, 4 and 8 threads;
//  - the atomic form's output depends on the order of its tasks, and only on it: under simulated
//    schedules the test controls (TaskSchedule), shuffled orders give several distinct outputs
//    (integer atomics: exactly one) and one order gives one; the deterministic form gives the
//    same bits under every order. No test here needs threads to race (they do race in real
//    runs: that is measured by the demos and benchmarks, not asserted);
//  - error mode raises for the ops PyTorch lists, and warn mode warns and runs the atomic form.
// The ops with only the cpu reference (no cpu-threads forms) run the cpu device's tests; the
// cpu-threads tests skip them, and cpu-threads refuses them.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "kernels/OpCases.hpp"

namespace detbench {
namespace {

using testing::OpCase;
using testing::opCases;
using testing::Order;

class CpuOpsTest : public ::testing::TestWithParam<OpCase> {
 protected:
  CpuOpsTest() {
    registry_.add(cpu::makeCpuBackend());
    registry_.add(cpu::makeCpuThreadsBackend());
  }

  RunRequest request(const std::string& device, FormRequest form, int threads, int trials) const {
    RunRequest r;
    r.op = GetParam().op;
    r.params = GetParam().params;
    r.device = device;
    r.trials = trials;
    r.warmup = 0;
    r.settings.threads = threads;
    r.settings.form = form;
    r.settings.semantics = CatalogSemantics::Extensions;
    return r;
  }

  RunResult run(const RunRequest& r) const { return TrialRunner(registry_).run(r); }

  // The same request on cpu-threads under a simulated schedule.
  static RunResult runWith(const cpu::TaskSchedule& schedule, const RunRequest& r) {
    BackendRegistry scheduled;
    scheduled.add(cpu::makeCpuThreadsBackend(schedule));
    return TrialRunner(scheduled).run(r);
  }

  double termsBound() const {
    const OpDefinition& def = opDefinition(GetParam().op);
    return static_cast<double>(
        def.maxTermsPerElement(resolveParams(GetParam().op, def.params(), GetParam().params)));
  }

  // Integer counts, and histc's float counts (every term is 1.0: exact below 2^24).
  bool exactOutput() const { return GetParam().exact; }

  // cpu-threads has the op's atomic and deterministic forms.
  bool threadsOffered() const { return cpu::makeCpuThreadsBackend()->supports(GetParam().op); }

  BackendRegistry registry_;
};

TEST_P(CpuOpsTest, AtomicFormAgreesWithFloat64Reference) {
  if (!threadsOffered()) GTEST_SKIP() << "the cpu reference only";
  const RunResult r = run(request("cpu-threads", FormRequest::Atomic, 4, 3));
  ASSERT_FALSE(r.failed()) << r.errors.front().message;
  if (exactOutput()) {
    EXPECT_EQ(r.summary.refMaxAbsErr, 0.0);
    return;
  }
  const double tolerance = termsBound() * std::ldexp(1.0, -24);
  EXPECT_LE(r.summary.refMaxErrOverMagnitude, tolerance);
  EXPECT_GT(r.summary.refMaxAbsErr, 0.0) << "float32 results should carry rounding error";
}

TEST_P(CpuOpsTest, SequentialReferenceAgreesWithFloat64Reference) {
  const RunResult r = run(request("cpu", FormRequest::Default, 1, 2));
  ASSERT_FALSE(r.failed());
  EXPECT_TRUE(r.summary.reproducible);
  EXPECT_LE(r.summary.refMaxErrOverMagnitude, termsBound() * std::ldexp(1.0, -24));
}

TEST_P(CpuOpsTest, DeterministicFormIsBitwiseIdenticalOver50RunsAndAnyThreadCount) {
  if (!threadsOffered()) GTEST_SKIP() << "the cpu reference only";
  std::uint64_t digest = 0;
  for (int threads : {1, 2, 4, 8}) {
    const RunResult r = run(request("cpu-threads", FormRequest::Deterministic, threads, 50));
    ASSERT_FALSE(r.failed()) << r.errors.front().message;
    EXPECT_EQ(r.dispatch.form, Form::Deterministic);
    EXPECT_TRUE(r.summary.reproducible)
        << r.summary.distinctDigests << " distinct outputs with " << threads << " threads";
    if (threads == 1) digest = r.trials.front().digest;
    EXPECT_EQ(r.trials.front().digest, digest) << "differs with " << threads << " threads";
    EXPECT_LE(r.summary.refMaxErrOverMagnitude, termsBound() * std::ldexp(1.0, -24));
  }
  if (GetParam().cpuThreads == Order::Sequential) {
    const RunResult seq = run(request("cpu", FormRequest::Default, 1, 1));
    EXPECT_EQ(seq.trials.front().digest, digest) << "should add in the sequential order";
  }
}

TEST_P(CpuOpsTest, AtomicFormDependsOnTheOrderOfItsTasksAndOnlyOnIt) {
  if (!threadsOffered()) GTEST_SKIP() << "the cpu reference only";
  const RunRequest r = request("cpu-threads", FormRequest::Atomic, 4, 8);
  const RunResult shuffled = runWith(cpu::TaskSchedule::shuffled(1), r);
  const RunResult inOrder = runWith(cpu::TaskSchedule::inOrder(), r);
  ASSERT_FALSE(shuffled.failed());
  ASSERT_FALSE(inOrder.failed());
  EXPECT_EQ(inOrder.summary.distinctDigests, 1) << "the same order must give the same bits";
  if (exactOutput()) {
    EXPECT_EQ(shuffled.summary.distinctDigests, 1)
        << "integer atomics, float atomics adding 1.0, and maxima are exact in any order";
  } else if (GetParam().op == "cumsum") {
    // Its tasks wait for earlier ones, so a simulated schedule runs them in increasing order;
    // how its prefixes associate with the timing is shown on the look-back itself
    // (CumsumLookBackTest).
    EXPECT_EQ(shuffled.summary.distinctDigests, 1);
  } else {
    EXPECT_GT(shuffled.summary.distinctDigests, 1) << "8 task orders, one output";
  }
}

TEST_P(CpuOpsTest, DeterministicFormIsTheSameUnderEveryTaskOrder) {
  if (!threadsOffered()) GTEST_SKIP() << "the cpu reference only";
  const RunRequest r = request("cpu-threads", FormRequest::Deterministic, 4, 8);
  const RunResult shuffled = runWith(cpu::TaskSchedule::shuffled(2), r);
  const RunResult inOrder = runWith(cpu::TaskSchedule::inOrder(), r);
  ASSERT_FALSE(shuffled.failed());
  EXPECT_TRUE(shuffled.summary.reproducible) << shuffled.summary.distinctDigests;
  EXPECT_EQ(shuffled.trials.front().digest, inOrder.trials.front().digest);
  EXPECT_EQ(run(r).trials.front().digest, inOrder.trials.front().digest) << "and with threads";
}

TEST_P(CpuOpsTest, DeterministicModeFollowsTheCatalog) {
  // 2.9, the last release with the cuBLAS workspace rule (OpCatalogTest checks every release's
  // table; this checks that a run does what the table says).
  const PyTorchRelease release{2, 9};
  const OpTraits& traits = *findOpTraits(GetParam().op, release);
  for (auto mode : {DeterministicMode::Error, DeterministicMode::Warn}) {
    RunRequest r = request("cpu-threads", FormRequest::Default, 2, 2);
    r.settings.semantics = CatalogSemantics::PyTorch;
    r.settings.deterministic = mode;
    r.settings.pytorch = release;
    // The cpu device follows PyTorch's CPU kernels: it raises (warns) only where they do.
    RunRequest c = r;
    c.device = "cpu";
    const RunResult onCpu = run(c);
    if (traits.cpu.errorMode == ErrorModeBehavior::Raises) {
      EXPECT_EQ(onCpu.raisedNondeterministic(), mode == DeterministicMode::Error);
      if (mode == DeterministicMode::Warn) {
        ASSERT_EQ(onCpu.warnings.size(), 1u);
        EXPECT_EQ(onCpu.warnings[0].caller, traits.cpu.pytorchCaller);
      }
    } else {
      EXPECT_FALSE(onCpu.failed());
      EXPECT_TRUE(onCpu.warnings.empty());
    }
    if (!threadsOffered()) continue;
    const RunResult res = run(r);
    if (traits.cublasWorkspaceCheck) {
      // Without CUBLAS_WORKSPACE_CONFIG: error mode raises, warn mode warns and runs.
      if (mode == DeterministicMode::Error) {
        EXPECT_TRUE(res.raisedNondeterministic());
      } else {
        ASSERT_EQ(res.warnings.size(), 1u);
        EXPECT_EQ(res.warnings[0].code, AlertCode::CublasWorkspaceConfig);
        EXPECT_EQ(res.trials.size(), 2u);
      }
      for (const char* config : {":4096:8", ":16:8"}) {
        RunRequest ok = r;
        ok.settings.cublasWorkspaceConfig = WorkspaceConfig::parse(config);
        const RunResult done = run(ok);
        EXPECT_FALSE(done.failed()) << config;
        EXPECT_TRUE(done.warnings.empty()) << config;
      }
      RunRequest other = r;
      other.settings.cublasWorkspaceConfig = WorkspaceConfig::parse(":1024:2");
      EXPECT_EQ(run(other).raisedNondeterministic(), mode == DeterministicMode::Error);
    } else if (traits.cuda.errorMode == ErrorModeBehavior::Raises) {
      if (mode == DeterministicMode::Error) {
        EXPECT_TRUE(res.raisedNondeterministic());
        EXPECT_TRUE(res.trials.empty());
      } else {
        EXPECT_FALSE(res.failed());
        ASSERT_EQ(res.warnings.size(), 1u);
        EXPECT_EQ(res.warnings[0].caller, traits.cuda.pytorchCaller);
        EXPECT_EQ(res.dispatch.form, Form::Atomic);
        EXPECT_EQ(res.trials.size(), 2u);
      }
    } else {
      EXPECT_FALSE(res.failed());
      EXPECT_TRUE(res.warnings.empty());
      EXPECT_TRUE(res.dispatch.deterministicExpected);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllOps, CpuOpsTest, ::testing::ValuesIn(opCases()),
                         [](const auto& test) { return test.param.name; });

TEST(CpuOpsCoverageTest, EveryCatalogOpHasACase) {
  for (const auto& t : opCatalog()) {
    if (t.cuda.source == NondeterminismSource::Rng) continue;  // RandomOpsTest.cpp
    if (findOpDefinition(t.name) == nullptr) continue;         // a catalog entry only
    bool found = false;
    for (const auto& c : opCases()) found = found || c.op == t.name;
    EXPECT_TRUE(found) << t.name;
  }
}

TEST(CpuOpsCoverageTest, CpuThreadsRefusesTheOpsItHasNoFormsOf) {
  BackendRegistry registry;
  registry.add(cpu::makeCpuThreadsBackend());
  int refused = 0;
  for (const auto& c : opCases()) {
    if (cpu::makeCpuThreadsBackend()->supports(c.op)) continue;
    ++refused;
    RunRequest r;
    r.op = c.op;
    r.params = c.params;
    r.device = "cpu-threads";
    try {
      TrialRunner(registry).run(r);
      ADD_FAILURE() << c.op << " ran on cpu-threads";
    } catch (const NotAvailable& e) {
      EXPECT_NE(e.message().find("not implemented on cpu-threads"), std::string::npos)
          << e.message();
    }
  }
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace detbench
