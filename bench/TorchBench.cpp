// What the harness adds to PyTorch's own time on torch-cpu. For each op, side by side in one
// benchmark: the op's ATen call in a tight loop (what a user's loop costs), and the same op run as
// trials by the trial runner (the call, its timing, the output's digest, the comparison with
// trial 0 and the record). A trial's cost is the difference between a run of 2N trials and a run
// of N on the same prepared inputs, so what a run pays once (tensors made from the inputs, the
// op's setup, warm-up, trial 0's copy) cancels out. Counters: call_ns and trial_ns per call,
// overhead_ns = trial_ns - call_ns and ratio = trial_ns / call_ns. They alternate within each
// iteration, so a busy machine slows both alike.

#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

#include "TorchPreparedOp.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "detbench/torch/TorchBackends.hpp"

namespace {

using namespace detbench;

struct Case {
  const char* name;
  const char* op;
  OpParams params;
  int threads = 1;  // PyTorch's intra-op threads (the digest of the output uses them too)
};

const Case kCases[] = {
    {"sum_1k", "sum", {{"size", 1024}}},
    {"softmax_64x1k", "softmax", {{"size", 64}, {"cols", 1024}}},
    {"index_add_1M", "index_add", {}},
    {"matmul_256", "matmul", {{"size", 256}}},
    {"conv2d_forward", "conv2d_forward", {}},
    {"conv2d_forward_2_threads", "conv2d_forward", {}, 2},
    {"index_put_accumulate_1M_deterministic", "index_put_accumulate", {}},
};

void harnessAgainstTightLoop(benchmark::State& state, const Case& c) {
  BackendRegistry registry;
  for (auto& b : torchdev::makeTorchBackends()) registry.add(std::move(b));
  const TrialRunner runner(registry);
  RunRequest request;
  request.op = c.op;
  request.params = c.params;
  request.device = "torch-cpu";
  request.settings.threads = c.threads;
  request.settings.seed = 1;
  if (std::string(c.name).ends_with("deterministic")) {
    request.settings.deterministic = DeterministicMode::Error;
  }
  request.warmup = 2;
  request.trials = 20;
  const PreparedInputs prepared = runner.prepare(request);
  Backend& backend = registry.get("torch-cpu");
  const OpDefinition& def = opDefinition(c.op);
  Context context(request.settings);
  auto op = backend.prepare(def, prepared.params, prepared.inputs, Form::Deterministic, context);
  for (int w = 0; w < request.warmup; ++w) torchdev::runBareCall(*op);

  double callNs = 0, trialNs = 0;
  RunRequest twice = request;
  twice.trials = 2 * request.trials;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < request.trials; ++i) torchdev::runBareCall(*op);
    const auto t1 = std::chrono::steady_clock::now();
    const RunResult once = runner.run(request, prepared);
    const auto t2 = std::chrono::steady_clock::now();
    const RunResult two = runner.run(twice, prepared);
    const auto t3 = std::chrono::steady_clock::now();
    if (once.failed() || two.failed()) {
      state.SkipWithError((once.failed() ? once : two).errors.front().message.c_str());
      return;
    }
    callNs += std::chrono::duration<double, std::nano>(t1 - t0).count();
    trialNs += std::chrono::duration<double, std::nano>((t3 - t2) - (t2 - t1)).count();
  }
  const double calls = static_cast<double>(state.iterations()) * request.trials;
  state.counters["call_ns"] = callNs / calls;
  state.counters["trial_ns"] = trialNs / calls;
  state.counters["overhead_ns"] = (trialNs - callNs) / calls;
  state.counters["ratio"] = trialNs / callNs;
}

// The digest of a torch-cpu output alone (conv2d_forward's 2 MiB), on one and on two of
// PyTorch's threads: bytes_per_second.
void digestOnPyTorchsThreads(benchmark::State& state) {
  BackendRegistry registry;
  for (auto& b : torchdev::makeTorchBackends()) registry.add(std::move(b));
  const TrialRunner runner(registry);
  RunRequest request;
  request.op = "conv2d_forward";
  request.device = "torch-cpu";
  request.settings.threads = static_cast<int>(state.range(0));
  request.settings.seed = 1;
  const PreparedInputs prepared = runner.prepare(request);
  Context context(request.settings);
  auto op = registry.get("torch-cpu")
                .prepare(opDefinition(request.op), prepared.params, prepared.inputs,
                         Form::Deterministic, context);
  op->execute();
  std::uint64_t digest = 0;
  for (auto _ : state) {
    digest = op->outputDigest();
    benchmark::DoNotOptimize(digest);
  }
  const auto bytes = static_cast<std::int64_t>(op->readOutput().bytes());
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * bytes);
}

[[maybe_unused]] const bool kRegistered = [] {
  benchmark::RegisterBenchmark("BM_TorchCpuDigest", digestOnPyTorchsThreads)
      ->Arg(1)
      ->Arg(2)
      ->Unit(benchmark::kMicrosecond)
      ->UseRealTime();
  for (const Case& c : kCases) {
    benchmark::RegisterBenchmark((std::string("BM_TorchCpuHarness/") + c.name).c_str(),
                                 [&c](benchmark::State& s) { harnessAgainstTightLoop(s, c); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
