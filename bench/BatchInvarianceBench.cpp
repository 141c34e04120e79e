// cpu-threads: the default form of the batch ops (which splits a row's reduction over idle
// threads when the batch is small, as libraries do) against their batch-invariant form (one
// order per row), at each batch size, on every core. Time per row is the figure to compare;
// both forms of one batch size run side by side in one run.
// Arguments: rows, batch_invariant (0 default, 1 invariant), and the reduction's length (matmul:
// k, with n = 512; rms_norm: the columns; decode_attention: the KV cache, 8 heads of 64).

#include <benchmark/benchmark.h>

#include <string>

#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/run/HostMemory.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace {

using namespace detbench;

void runBatch(benchmark::State& state, const char* op, OpParams shape) {
  const std::int64_t rows = state.range(0);
  const std::int64_t invariant = state.range(1);
  const std::string name(op);
  shape[name == "matmul" ? "k" : name == "decode_attention" ? "kv_len" : "cols"] = state.range(2);
  auto backend = cpu::makeCpuThreadsBackend();
  const OpDefinition& def = opDefinition(op);
  OpParams given = shape;
  given["size"] = rows;
  given["batch_invariant"] = invariant;
  const OpParams params = resolveParams(op, def.params(), given);
  const OpInputs inputs = prepareInputs(def, params, 0, availableMemoryBytes());
  const Context context(Settings{});
  auto prepared = backend->prepare(def, params, inputs, Form::Deterministic, context);
  for (int w = 0; w < 3; ++w) prepared->execute();
  for (auto _ : state) state.SetIterationTime(static_cast<double>(prepared->execute()) * 1e-9);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * rows);
  state.SetLabel(std::string(invariant != 0 ? "batch-invariant" : "default") +
                 " threads=" + std::to_string(backend->threads(context)));
}

void BM_MatmulBatch(benchmark::State& state) {
  runBatch(state, "matmul", {{"n", 512}});
}
void BM_RmsNormBatch(benchmark::State& state) {
  runBatch(state, "rms_norm", {});
}
void BM_DecodeAttentionBatch(benchmark::State& state) {
  runBatch(state, "decode_attention", {{"heads", 8}, {"head_dim", 64}});
}

void batches(benchmark::internal::Benchmark* b, std::initializer_list<std::int64_t> lengths) {
  for (std::int64_t length : lengths) {
    for (std::int64_t rows : {1, 2, 4, 8, 16, 64, 256}) {
      for (std::int64_t invariant : {0, 1}) b->Args({rows, invariant, length});
    }
  }
  b->UseManualTime()->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_MatmulBatch)->Apply([](benchmark::internal::Benchmark* b) { batches(b, {4096}); });
BENCHMARK(BM_RmsNormBatch)->Apply([](benchmark::internal::Benchmark* b) {
  batches(b, {4096, 65536});
});
BENCHMARK(BM_DecodeAttentionBatch)->Apply([](benchmark::internal::Benchmark* b) {
  batches(b, {2048});
});

}  // namespace

BENCHMARK_MAIN();
