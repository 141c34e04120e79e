// cuda: the default form of each batch op against its batch-invariant form, at each batch size,
// side by side in one run. Time per row is the figure to compare.
//  - matmul, n = k = 4096: cuBLAS (cublasSgemm, its own choice per shape; the label records what
//    cuBLASLt's heuristic picks for it) against detbench's fixed-order tiled kernel (the cpu's
//    bits) and against cuBLASLt with one algorithm pinned for every batch (batch_invariant 2
//    here: pinned_cublaslt = 1, the algorithm for 4096 rows without split-K; 3 and 4: the
//    algorithm cuBLASLt proposes for 64 and for 256 rows, its split-K kept: pinned_cublaslt =
//    64 and 256);
//  - rms_norm and softmax over 8192 columns, decode_attention over a KV cache of 2048 (8 heads
//    of 128, 16 MiB of keys and values per sequence): rows split over blocks when the batch
//    cannot fill the SMs, against one order per row whatever the batch.
// Arguments: rows, batch_invariant (0 default, 1 invariant; matmul: 2 to 4, the pinned cuBLASLt).

#include <benchmark/benchmark.h>

#include <string>

#include "CudaBenchSupport.hpp"

namespace {

using namespace detbench;

void runBatch(benchmark::State& state, const std::string& op, OpParams shape) {
  const std::int64_t rows = state.range(0);
  const std::int64_t invariant = state.range(1);
  shape["size"] = rows;
  shape["batch_invariant"] = invariant > 0 ? 1 : 0;
  if (invariant == 2) shape["pinned_cublaslt"] = 1;
  if (invariant == 3) shape["pinned_cublaslt"] = 64;
  if (invariant == 4) shape["pinned_cublaslt"] = 256;
  if (!bench::timeOnCuda(state, op, shape, Form::Deterministic)) return;
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * rows);
}

void BM_CudaMatmulBatch(benchmark::State& state) {
  runBatch(state, "matmul", {{"n", 4096}, {"k", 4096}});
}
void BM_CudaRmsNormBatch(benchmark::State& state) {
  runBatch(state, "rms_norm", {{"cols", 8192}});
}
void BM_CudaSoftmaxBatch(benchmark::State& state) {
  runBatch(state, "softmax", {{"cols", 8192}});
}
void BM_CudaDecodeAttentionBatch(benchmark::State& state) {
  runBatch(state, "decode_attention", {{"heads", 8}, {"head_dim", 128}, {"kv_len", 2048}});
}

void batches(benchmark::internal::Benchmark* b) {
  for (std::int64_t rows : {1, 8, 64, 256, 1024, 4096}) {
    for (std::int64_t invariant : {0, 1}) b->Args({rows, invariant});
  }
  b->UseManualTime()->Unit(benchmark::kMicrosecond);
}

BENCHMARK(BM_CudaMatmulBatch)->Apply([](benchmark::internal::Benchmark* b) {
  for (std::int64_t rows : {1, 8, 64, 256, 1024, 4096}) {
    for (std::int64_t invariant : {0, 1, 2, 3, 4}) b->Args({rows, invariant});
  }
  b->UseManualTime()->Unit(benchmark::kMicrosecond);
});
BENCHMARK(BM_CudaRmsNormBatch)->Apply(batches);
BENCHMARK(BM_CudaSoftmaxBatch)->Apply(batches);
BENCHMARK(BM_CudaDecodeAttentionBatch)->Apply([](benchmark::internal::Benchmark* b) {
  for (std::int64_t rows : {1, 4, 16, 64}) {  // sequences, of 8 rows of attention each
    for (std::int64_t invariant : {0, 1}) b->Args({rows, invariant});
  }
  b->UseManualTime()->Unit(benchmark::kMicrosecond);
});

}  // namespace
