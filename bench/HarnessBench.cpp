// Trial-harness overhead: the runner driving a device whose op does nothing, so everything
// measured per trial is the harness (output digest, comparison with trial 0, the record,
// callbacks). The digest of the same bytes is timed in the same benchmark, right after each
// run, and the counters are per_trial_ns, digest_ns and overhead_ns = per_trial_ns -
// digest_ns. A run of 2000 trials includes its one-off costs (context, dispatch, trial 0's
// copy and reference check), spread over the trials.

#include <benchmark/benchmark.h>

#include <chrono>

#include "detbench/run/Digest.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace {

using namespace detbench;

class NoOpPreparedOp final : public PreparedOp {
 public:
  NoOpPreparedOp(const TensorSpec& out, bool digest)
      : out_(out.shape, out.dtype), digest_(digest) {}
  std::int64_t execute() override { return 0; }
  // Without `digest`, a constant: what is left per trial is the harness alone.
  std::uint64_t outputDigest() override { return digest_ ? digestTensor(out_) : 42; }
  HostTensor readOutput() override { return out_.clone(); }

 private:
  HostTensor out_;
  bool digest_;
};

class NoOpBackend final : public Backend {
 public:
  explicit NoOpBackend(bool digest) : digest_(digest) {}
  std::string_view id() const override { return "noop"; }
  TraitsClass traitsClass() const override { return TraitsClass::Cuda; }
  Availability availability() const override { return {true, ""}; }
  std::map<std::string, std::string> deviceInfo() const override { return {}; }
  int threads(const Context&) const override { return 1; }
  bool supports(std::string_view) const override { return true; }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition&, const OpParams&, const OpInputs& in,
                                      Form, const Context&) override {
    return std::make_unique<NoOpPreparedOp>(in.output, digest_);
  }

 private:
  bool digest_;
};

void harness(benchmark::State& state, bool digest) {
  BackendRegistry registry;
  registry.add(std::make_unique<NoOpBackend>(digest));
  const TrialRunner runner(registry);
  RunRequest request;
  request.op = "index_add";
  request.device = "noop";
  // index_add's output is rows x 1 float32: state.range(0) bytes.
  request.params = {{"size", 1}, {"rows", state.range(0) / 4}};
  request.warmup = 0;
  request.trials = 2000;
  const PreparedInputs prepared = runner.prepare(request);
  int sink = 0;
  RunCallbacks cb;
  cb.onTrial = [&sink](const TrialRecord&, int done, int) { sink += done; };

  HostTensor bytes({state.range(0) / 4}, DType::Float32);
  double runNs = 0, digestNs = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = runner.run(request, prepared, cb);
    const auto t1 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(r.summary.distinctDigests);
    for (int i = 0; i < request.trials; ++i) benchmark::DoNotOptimize(digestTensor(bytes));
    const auto t2 = std::chrono::steady_clock::now();
    runNs += std::chrono::duration<double, std::nano>(t1 - t0).count();
    digestNs += std::chrono::duration<double, std::nano>(t2 - t1).count();
  }
  const double trials = static_cast<double>(state.iterations()) * request.trials;
  state.counters["per_trial_ns"] = runNs / trials;
  state.counters["digest_ns"] = digestNs / trials;
  state.counters["overhead_ns"] = (runNs - digestNs) / trials;
  benchmark::DoNotOptimize(sink);
}

void BM_TrialHarness(benchmark::State& state) {
  harness(state, true);
}
// The harness without the digest: everything but the op and the digest, measured directly.
void BM_TrialHarnessNoDigest(benchmark::State& state) {
  harness(state, false);
}

BENCHMARK(BM_TrialHarnessNoDigest)
    ->Arg(4 << 10)
    ->Arg(64 << 10)
    ->Arg(1 << 20)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TrialHarness)
    ->Arg(4 << 10)
    ->Arg(64 << 10)
    ->Arg(1 << 20)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
