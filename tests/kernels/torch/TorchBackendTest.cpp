// The torch devices over the libtorch this build found (Debian's PyTorch 1.13, CPU, in CI):
// availability and what they say of their PyTorch, the settings written to PyTorch itself, its
// warnings and errors as detbench's, requests only detbench's kernels can serve refused, and the
// module as the applications load it. Nothing here waits on a race: deterministic mode's
// guarantee is asserted, the default mode's variation is measured elsewhere (the lesson).

#include <gtest/gtest.h>

#include <c10/util/Exception.h>

#include <string>
#include <thread>

#include "TorchRuntime.hpp"
#include "detbench/backend/BackendModule.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/demo/Scenario.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "detbench/run/Invariance.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "detbench/torch/TorchBackends.hpp"

namespace detbench {
namespace {

BackendRegistry torchRegistry() {
  BackendRegistry registry;
  for (auto& b : torchdev::makeTorchBackends()) registry.add(std::move(b));
  registry.add(cpu::makeCpuBackend());
  return registry;
}

TEST(TorchBackendTest, TorchCpuIsAvailableAndNamesItsPyTorch) {
  const BackendRegistry registry = torchRegistry();
  const Backend& b = registry.get("torch-cpu");
  EXPECT_TRUE(b.runsLibraryDispatch());
  EXPECT_EQ(b.traitsClass(), TraitsClass::Cpu);
  const auto info = b.deviceInfo();
  ASSERT_TRUE(info.count("pytorch"));
  EXPECT_EQ(info.at("pytorch").rfind(std::to_string(DETBENCH_TORCH_MAJOR) + ".", 0), 0u)
      << info.at("pytorch");
  EXPECT_EQ(info.at("module_built_against"), DETBENCH_TORCH_VERSION);
  EXPECT_TRUE(info.count("default_threads"));
}

TEST(TorchBackendTest, TorchCudaSaysWhyWhenItCannotRun) {
  const BackendRegistry registry = torchRegistry();
  for (const auto& d : registry.devices()) {
    if (d.id != "torch-cuda") continue;
    if (!d.availability.available) {
      EXPECT_FALSE(d.availability.reason.empty());
#ifndef DETBENCH_TORCH_CUDA
      EXPECT_NE(d.availability.reason.find("no CUDA"), std::string::npos) << d.availability.reason;
#endif
    }
    return;
  }
  FAIL() << "no torch-cuda entry";
}

RunRequest request(const std::string& op, const std::string& device, DeterministicMode mode,
                   int threads, int trials) {
  RunRequest r;
  r.op = op;
  r.device = device;
  r.trials = trials;
  r.warmup = 1;
  r.settings.deterministic = mode;
  r.settings.threads = threads;
  r.settings.seed = 7;
  return r;
}

TEST(TorchBackendTest, TheSettingsAreWrittenToPyTorchOnTheThreadThatRunsTheOp) {
  const BackendRegistry registry = torchRegistry();
  RunRequest r = request("sum", "torch-cpu", DeterministicMode::Warn, 2, 1);
  r.settings.cudnnBenchmark = true;
  r.settings.cudnnDeterministic = true;
  r.params = {{"size", 1000}};
  ASSERT_FALSE(TrialRunner(registry).run(r).failed());
  torchdev::PyTorchSettings s = torchdev::currentSettings();
  EXPECT_TRUE(s.deterministicAlgorithms);
  EXPECT_TRUE(s.warnOnly);
  EXPECT_TRUE(s.cudnnBenchmark);
  EXPECT_TRUE(s.cudnnDeterministic);
  EXPECT_EQ(s.threads, 2);

  r.settings = Settings{};
  r.settings.threads = 1;
  ASSERT_FALSE(TrialRunner(registry).run(r).failed());
  s = torchdev::currentSettings();
  EXPECT_FALSE(s.deterministicAlgorithms);
  EXPECT_FALSE(s.cudnnBenchmark);
  EXPECT_FALSE(s.cudnnDeterministic);
  EXPECT_EQ(s.threads, 1);
}

TEST(TorchBackendTest, WarningsAreCaughtOnTheThreadThatRunsTheOpOnly) {
  torchdev::WarningCapture capture;
  {
    torchdev::WarningCapture::ThreadScope scope(capture);
    TORCH_WARN(
        "put_ does not have a deterministic implementation, but you set "
        "'torch.use_deterministic_algorithms(True, warn_only=True)'.");
    TORCH_WARN("another warning");
    TORCH_WARN("another warning");  // the same text: once
    // c10's handler is thread-local: another thread's warnings go elsewhere.
    std::thread([] { TORCH_WARN("from another thread"); }).join();
  }
  TORCH_WARN("after the scope");
  const std::vector<Alert> caught = capture.take();
  ASSERT_EQ(caught.size(), 2u);
  EXPECT_EQ(caught[0].code, AlertCode::NoDeterministicImplementation);
  EXPECT_EQ(caught[0].caller, "put_");
  EXPECT_EQ(caught[1].code, AlertCode::LibraryWarning);
  EXPECT_EQ(caught[1].message, "another warning");
  EXPECT_TRUE(capture.take().empty());
}

TEST(TorchBackendTest, AlertTextsAreReadAsPyTorchWordsThem) {
  const Alert a = torchdev::alertOfMessage(
      "index_copy does not have a deterministic implementation, but you set "
      "'torch.use_deterministic_algorithms(True)'.");
  EXPECT_EQ(a.code, AlertCode::NoDeterministicImplementation);
  EXPECT_EQ(a.caller, "index_copy");
  const Alert b = torchdev::alertOfMessage(
      "Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` "
      "or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not "
      "deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic "
      "behavior in this case, you must set an environment variable before running your PyTorch "
      "application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8.");
  EXPECT_EQ(b.code, AlertCode::CublasWorkspaceConfig);
  EXPECT_EQ(torchdev::alertOfMessage("scatter_reduce() is in beta").code,
            AlertCode::LibraryWarning);
}

template <typename E>
void expectRethrownAs(const std::exception_ptr& e, const std::string& contains) {
  try {
    torchdev::rethrowAsDetbench(e);
  } catch (const E& got) {
    EXPECT_NE(got.message().find(contains), std::string::npos) << got.message();
    return;
  } catch (const std::exception& other) {
    FAIL() << "rethrown as another type: " << other.what();
  }
}

TEST(TorchBackendTest, PyTorchsErrorsBecomeDetbenchsTypedErrors) {
  const c10::SourceLocation here{__func__, __FILE__, __LINE__};
  const std::string alert =
      "put_ does not have a deterministic implementation, but you set "
      "'torch.use_deterministic_algorithms(True)'.";
  expectRethrownAs<NondeterministicError>(std::make_exception_ptr(c10::Error(here, alert)), alert);
  expectRethrownAs<DeviceError>(std::make_exception_ptr(c10::Error(here, "shape mismatch")),
                                "PyTorch: shape mismatch");
  expectRethrownAs<OutOfMemory>(
      std::make_exception_ptr(c10::OutOfMemoryError(here, "CUDA out of memory")),
      "CUDA out of memory");
  expectRethrownAs<InvalidArgument>(
      std::make_exception_ptr(InvalidArgument("detbench's own", __FILE__, __LINE__)),
      "detbench's own");
}

TEST(TorchBackendTest, WhatOnlyDetbenchsKernelsHaveIsRefusedWithTheReason) {
  const BackendRegistry registry = torchRegistry();
  const TrialRunner runner(registry);
  RunRequest r = request("matmul", "torch-cpu", DeterministicMode::Off, 1, 1);
  r.params = {{"size", 16}, {"batch_invariant", 1}};
  EXPECT_THROW(runner.prepare(r), InvalidArgument);
  r.params = {{"size", 16}, {"streams", 2}};
  EXPECT_THROW(runner.prepare(r), InvalidArgument);
  r.params = {{"size", 16}};
  r.settings.form = FormRequest::Atomic;
  EXPECT_THROW(runner.prepare(r), InvalidArgument);
  r.settings.form = FormRequest::Default;
  r.settings.semantics = CatalogSemantics::Extensions;
  EXPECT_THROW(runner.prepare(r), InvalidArgument);
  r.settings.semantics = CatalogSemantics::PyTorch;
  r.settings.fillUninitializedMemory = false;
  if (torchdev::kHasFillUninitializedMemory) {
    EXPECT_NO_THROW(runner.prepare(r));
  } else {
    EXPECT_THROW(runner.prepare(r), InvalidArgument);
  }
}

// index_put_ with accumulate=True adds with atomics on several threads in PyTorch's CPU build;
// deterministic mode makes it serial. The guarantee is asserted, with the catalog's prediction
// recorded beside it; that the default mode varies is a measurement (the torch-cpu lesson).
TEST(TorchBackendTest, DeterministicModeRepeatsIndexPutOnTwoThreadsAndTheReportSaysSo) {
  const BackendRegistry registry = torchRegistry();
  RunRequest r = request("index_put_accumulate", "torch-cpu", DeterministicMode::Error, 2, 20);
  r.params = {{"size", 1 << 18}, {"rows", 256}};
  const RunResult torch = TrialRunner(registry).run(r);
  ASSERT_FALSE(torch.failed()) << torch.errors.front().message;
  EXPECT_TRUE(torch.summary.reproducible) << torch.summary.distinctDigests;
  ASSERT_TRUE(torch.libraryCheck.has_value());
  EXPECT_EQ(torch.libraryCheck->predicted, LibraryOutcome::Switches);
  EXPECT_EQ(torch.libraryCheck->observed, LibraryOutcome::Runs);
  EXPECT_TRUE(torch.libraryCheck->agrees());
  EXPECT_TRUE(torch.dispatch.library);
  EXPECT_EQ(torch.threads, 2);

  // Serial in index order: the sequential reference's bits.
  r.device = "cpu";
  const RunResult reference = TrialRunner(registry).run(r);
  ASSERT_FALSE(reference.failed());
  EXPECT_EQ(torch.trials.front().digest, reference.trials.front().digest);
}

// The threads axis of an invariance run sets PyTorch's threads on torch-cpu: in deterministic
// mode index_put_ with accumulate writes serially, so one and two threads give the same bits.
TEST(TorchBackendTest, AThreadsInvarianceRunSetsPyTorchsThreads) {
  const BackendRegistry registry = torchRegistry();
  RunRequest r = request("index_put_accumulate", "torch-cpu", DeterministicMode::Error, 0, 5);
  r.params = {{"size", 1 << 16}, {"rows", 64}};
  InvariancePlan plan;
  plan.axis = InvarianceAxis::Threads;
  plan.threads = {1, 2};
  const InvarianceResult result = runInvariance(TrialRunner(registry), r, plan);
  ASSERT_EQ(result.points.size(), 2u);
  EXPECT_EQ(result.points[0].run.threads, 1);
  EXPECT_EQ(result.points[1].run.threads, 2);
  EXPECT_TRUE(result.invariant);
  EXPECT_EQ(result.measured, GuaranteeLevel::ThreadCountInvariant);
  r.device = "cpu";
  EXPECT_THROW(validateInvariancePlan(r, plan), InvalidArgument);
}

// On torch-cpu the digest runs on PyTorch's threads, split in tasks: the same value as the
// sequential digest of the cpu device's output (the same numbers: PyTorch's CPU stream).
TEST(TorchBackendTest, TheDigestOnPyTorchsThreadsIsTheSequentialDigest) {
  const BackendRegistry registry = torchRegistry();
  RunRequest r = request("rand", "torch-cpu", DeterministicMode::Off, 2, 2);
  r.params = {{"size", (1 << 18) + 3}};  // four tasks and a remainder
  const RunResult torch = TrialRunner(registry).run(r);
  ASSERT_FALSE(torch.failed()) << torch.errors.front().message;
  EXPECT_EQ(torch.threads, 2);
  r.device = "cpu";
  const RunResult reference = TrialRunner(registry).run(r);
  ASSERT_FALSE(reference.failed());
  EXPECT_EQ(torch.trials.front().digest, reference.trials.front().digest);
}

TEST(TorchBackendTest, RandomOpsDrawPyTorchsCpuStreamFromTheSeed) {
  const BackendRegistry registry = torchRegistry();
  for (const char* op : {"rand", "randn"}) {
    RunRequest r = request(op, "torch-cpu", DeterministicMode::Off, 1, 4);
    r.params = {{"size", 4099}};
    const RunResult torch = TrialRunner(registry).run(r);
    ASSERT_FALSE(torch.failed()) << torch.errors.front().message;
    EXPECT_TRUE(torch.summary.reproducible);
    r.device = "cpu";
    const RunResult cpuRun = TrialRunner(registry).run(r);
    EXPECT_EQ(torch.trials.front().digest, cpuRun.trials.front().digest) << op;
  }
}

// The lesson on PyTorch's own CPU atomics: its checks are the guarantees (deterministic mode
// repeats and is the sequential reference's order); the default run's variation is measured.
TEST(TorchBackendTest, ThePyTorchCpuAtomicsLessonShowsWhatItSays) {
  const BackendRegistry registry = torchRegistry();
  const demo::Scenario* s = demo::findScenario("pytorch-cpu-atomics");
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->needsTorch);
  const demo::ScenarioOutcome o = demo::runScenario(*s, registry, {}, nullptr, {});
  ASSERT_EQ(o.runs.size(), 3u);
  EXPECT_EQ(o.runs[0].device, "torch-cpu");
  EXPECT_EQ(o.runs[0].threads, 2);
  EXPECT_FALSE(o.runs[0].failed());
  ASSERT_FALSE(o.checks.empty());
  for (const auto& c : o.checks) EXPECT_TRUE(c.passed) << c.what.en;
  EXPECT_TRUE(o.asExpected());
}

// The world-size lesson: gloo's ranks as threads repeat at each world size, 2 ranks twice give
// the same bits, 3 and 4 ranks other bits of the same sum; then detbench's ring and tree.
TEST(TorchBackendTest, TheDdpWorldSizeLessonShowsWhatItSays) {
  BackendRegistry registry = torchRegistry();
  registry.add(cpu::makeCpuThreadsBackend());
  const demo::Scenario* s = demo::findScenario("ddp-world-size");
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->needsTorch);
  const demo::ScenarioOutcome o = demo::runScenario(*s, registry, {}, nullptr, {});
  ASSERT_EQ(o.runs.size(), 6u);
  EXPECT_EQ(o.runs[0].device, "torch-cpu");
  EXPECT_NE(o.runs[4].device, "torch-cpu");  // detbench's own ring, where the lesson runs
  for (const auto& run : o.runs) EXPECT_FALSE(run.failed()) << run.errors.front().message;
  ASSERT_EQ(o.checks.size(), 10u);
  for (const auto& c : o.checks) EXPECT_TRUE(c.passed) << c.what.en;
}

// NCCL needs a GPU per rank: torch-cuda does not offer the collectives, torch-cpu does (gloo).
TEST(TorchBackendTest, TheCollectivesAreTorchCpusOnly) {
  const auto backends = torchdev::makeTorchBackends();
  ASSERT_EQ(backends.size(), 2u);
  EXPECT_EQ(backends[0]->id(), "torch-cpu");
  EXPECT_TRUE(backends[0]->supports("all_reduce"));
  EXPECT_EQ(backends[1]->id(), "torch-cuda");
  EXPECT_FALSE(backends[1]->supports("all_reduce"));
  EXPECT_FALSE(backends[1]->supports("reduce_scatter"));
  EXPECT_TRUE(backends[1]->supports("sum"));
}

// reduce_scatter on torch-cpu is gloo's where the release has it: PyTorch 2.x's gloo all-reduces
// the whole tensor and keeps each rank's shard, so the shards together are all_reduce's bits.
// PyTorch 1.13's gloo has none, and the device says so with gloo's words.
TEST(TorchBackendTest, ReduceScatterIsGloosWhereTheReleaseHasIt) {
  const BackendRegistry registry = torchRegistry();
  EXPECT_TRUE(registry.get("torch-cpu").supports("reduce_scatter"));
  RunRequest r = request("reduce_scatter", "torch-cpu", DeterministicMode::Off, 1, 2);
  r.params = {{"size", 6000}, {"rows", 6}, {"ranks", 3}};
  const RunResult shards = TrialRunner(registry).run(r);
  if (shards.failed()) {
    const std::string& why = shards.errors.front().message;
    EXPECT_NE(why.find("gloo has no reduce_scatter"), std::string::npos) << why;
    EXPECT_NE(why.find("does not support"), std::string::npos) << why;
    return;
  }
  EXPECT_GE(DETBENCH_TORCH_MAJOR, 2);
  r.op = "all_reduce";
  const RunResult whole = TrialRunner(registry).run(r);
  ASSERT_FALSE(whole.failed()) << whole.errors.front().message;
  EXPECT_EQ(shards.trials.front().digest, whole.trials.front().digest);
  EXPECT_EQ(shards.trials.back().digest, shards.trials.front().digest);
}

TEST(TorchBackendTest, TheModuleLoadsThroughTheLoaderWithBothDevices) {
  const LoadedModule module = loadBackendModules(DETBENCH_TORCH_MODULE_FILE);
  ASSERT_EQ(module.backends.size(), 2u) << module.reason;
  EXPECT_EQ(module.backends[0]->id(), "torch-cpu");
  EXPECT_EQ(module.backends[1]->id(), "torch-cuda");
  EXPECT_TRUE(module.backends[0]->availability().available);
}

}  // namespace
}  // namespace detbench
