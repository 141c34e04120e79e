// Trial-harness overhead: the runner driving a device whose op does nothing, so everything
// measured per trial is the harness (output digest, comparison with trial 0, the record,
// callbacks). The digest of the same bytes is timed in the same benchmark and reported as
// counters: per_trial_ns, digest_ns and overhead_ns = per_trial_ns - digest_ns.

#include <benchmark/benchmark.h>

#include <chrono>

#include "detbench/Digest.hpp"
#include "detbench/TrialRunner.hpp"

namespace {

using namespace detbench;

class NoOpPreparedOp final : public PreparedOp {
 public:
  explicit NoOpPreparedOp(const TensorSpec& out) : out_(out.shape, out.dtype) {}
  std::int64_t execute() override { return 0; }
  std::uint64_t outputDigest() override { return digestTensor(out_); }
  HostTensor readOutput() override { return out_.clone(); }

 private:
  HostTensor out_;
};

class NoOpBackend final : public Backend {
 public:
  std::string_view id() const override { return "noop"; }
  TraitsClass traitsClass() const override { return TraitsClass::Cuda; }
  Availability availability() const override { return {true, ""}; }
  std::map<std::string, std::string> deviceInfo() const override { return {}; }
  int threads(const Context&) const override { return 1; }
  bool supports(std::string_view) const override { return true; }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition&, const OpParams&, const OpInputs& in,
                                      Form, const Context&) override {
    return std::make_unique<NoOpPreparedOp>(in.output);
  }
};

void BM_TrialHarness(benchmark::State& state) {
  BackendRegistry registry;
  registry.add(std::make_unique<NoOpBackend>());
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
  double digestNs = 0;
  for (auto _ : state) {
    const auto r = runner.run(request, prepared, cb);
    benchmark::DoNotOptimize(r.summary.distinctDigests);
    state.PauseTiming();
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < request.trials; ++i) benchmark::DoNotOptimize(digestTensor(bytes));
    digestNs +=
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    state.ResumeTiming();
  }
  const double trials = static_cast<double>(state.iterations()) * request.trials;
  state.counters["per_trial_ns"] =
      benchmark::Counter(trials, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["digest_ns"] = digestNs / trials;
  benchmark::DoNotOptimize(sink);
}

BENCHMARK(BM_TrialHarness)
    ->Arg(4 << 10)
    ->Arg(64 << 10)
    ->Arg(1 << 20)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
