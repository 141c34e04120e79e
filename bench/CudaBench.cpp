// The cuda device (needs a GPU; every benchmark reports an error and is skipped without one):
//  - BM_CudaOps: deterministic against atomic index_add / scatter_add, 1M-16M contributions,
//    each trial timed with CUDA events by the device; for index_add's rows of 128 columns also
//    the deterministic form that scans the indices instead of sorting them (form 2: row_scan);
//  - BM_CudaDigest: the device digest's bandwidth beside a device-to-device copy of the same
//    bytes (which moves twice the bytes: read and write);
//  - BM_CudaHarness: the trial runner on the cuda device for outputs up to 1 MiB; the counter
//    overhead_ns is (wall time of the run - sum of the op times) / trials: everything the
//    harness adds per trial, the device digest and its synchronisation included;
//  - the batch ops' default forms against their batch-invariant forms: CudaBatchInvarianceBench.

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <chrono>

#include "CudaBenchSupport.hpp"
#include "detbench/cuda/CudaBackend.hpp"
#include "detbench/cuda/DeviceDigest.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace {

using namespace detbench;

using bench::skipWithoutDevice;

void opBench(benchmark::State& state, const char* op, const char* rowsParam) {
  const std::int64_t size = state.range(0), rows = state.range(1), cols = state.range(2);
  const Form form = state.range(3) == 0 ? Form::Atomic : Form::Deterministic;
  OpParams given{{"size", size}, {rowsParam, rows}};
  if (cols > 1) given["cols"] = cols;
  if (state.range(3) == 2) given["row_scan"] = 1;
  if (!bench::timeOnCuda(state, op, given, form)) return;
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * size * cols);
  state.SetLabel(form == Form::Atomic         ? "atomic"
                 : given.contains("row_scan") ? "deterministic, row scan"
                                              : "deterministic");
}

void BM_CudaIndexAdd(benchmark::State& state) {
  opBench(state, "index_add", "rows");
}
void BM_CudaScatterAdd(benchmark::State& state) {
  opBench(state, "scatter_add", "out_size");
}

void opArgs(benchmark::internal::Benchmark* b, bool wide) {
  for (std::int64_t size : {1 << 20, 4 << 20, 16 << 20}) {
    for (std::int64_t form : {0, 1}) {
      b->Args({size, size, 1, form});  // one value per index, as in PyTorch's measurements
      b->Args({size, 4096, 1, form});  // heavily contended
      if (wide) b->Args({size / 128, 4096, 128, form});  // rows of 128 columns
    }
    if (wide) b->Args({size / 128, 4096, 128, 2});
  }
  b->UseManualTime()->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_CudaIndexAdd)->Apply([](auto* b) { opArgs(b, true); });
BENCHMARK(BM_CudaScatterAdd)->Apply([](auto* b) { opArgs(b, false); });

void BM_CudaDigest(benchmark::State& state) {
  auto backend = cuda::makeCudaBackend();
  if (skipWithoutDevice(state, *backend)) return;
  const auto bytes = static_cast<std::size_t>(state.range(0));
  const bool copy = state.range(1) == 1;
  void *data = nullptr, *other = nullptr;
  cudaMalloc(&data, bytes);
  cudaMalloc(&other, bytes);
  cuda::DeviceDigester digester;
  cudaMemset(data, 0x5a, bytes);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (auto _ : state) {
    cudaEventRecord(start);
    if (copy) {
      cudaMemcpyAsync(other, data, bytes, cudaMemcpyDeviceToDevice);
    } else {
      digester.enqueue(data, 4, bytes / 4, nullptr);
    }
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    if (!copy) benchmark::DoNotOptimize(digester.result());
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    state.SetIterationTime(static_cast<double>(ms) * 1e-3);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes * (copy ? 2 : 1)));
  state.SetLabel(copy ? "device-to-device copy (read + write)" : "device digest");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(data);
  cudaFree(other);
}

BENCHMARK(BM_CudaDigest)->Args({256 << 20, 0})->Args({256 << 20, 1})->UseManualTime();

void BM_CudaHarness(benchmark::State& state) {
  auto backend = cuda::makeCudaBackend();
  if (skipWithoutDevice(state, *backend)) return;
  BackendRegistry registry;
  registry.add(std::move(backend));
  const TrialRunner runner(registry);
  RunRequest request;
  request.op = "index_add";
  request.device = "cuda";
  request.params = {{"size", 1024}, {"rows", state.range(0) / 4}};
  request.settings.deterministic = DeterministicMode::Error;
  request.warmup = 10;
  request.trials = 1000;
  const PreparedInputs prepared = runner.prepare(request);
  double overheadNs = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    const RunResult r = runner.run(request, prepared);
    const double wall =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    double ops = 0;
    for (const auto& t : r.trials) ops += static_cast<double>(t.timeNs);
    overheadNs += (wall - ops) / request.trials;
  }
  state.counters["overhead_ns"] = overheadNs / static_cast<double>(state.iterations());
}

BENCHMARK(BM_CudaHarness)->Arg(4 << 10)->Arg(64 << 10)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
