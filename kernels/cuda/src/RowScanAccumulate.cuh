#pragma once
// The row-scan form of the deterministic sum (index_add and index_put_ with accumulate,
// row_scan = 1): each block owns kScanRows rows of the output and up to kScanCols of their
// columns (a thread per column) and reads every contribution's target row, in increasing k,
// kScanChunk at a time. In each chunk it lists the contributions that fall in its rows, in k
// order (a ballot per warp and a prefix over the warps), then adds each listed contribution to
// its row's accumulators in shared memory, in that order.
//
// Every output element so receives its contributions in increasing k, starting from its own
// value: the sequential order, the same bits as the sort-based form (Accumulate.cuh) and the
// cpu device. One launch, no workspace, no sort: the sort's fixed cost (a dozen small launches)
// is what holds the sort-based form back on small index tensors. The price is that every block
// reads all n targets, so the form pays where n is small and the output's rows are few and wide
// (index_add of embedding-like rows), not for one value per index or for millions of indices:
// which wins where is a measurement (detbench_bench_cuda, BM_CudaIndexAdd).

#include <cstdint>
#include <string>

#include "Launch.cuh"
#include "StreamView.hpp"
#include "detbench/base/Error.hpp"

namespace detbench::cuda {

inline constexpr int kScanCols = 128;     // threads per block, one output column each
inline constexpr int kScanRows = 16;      // output rows per block
inline constexpr int kScanSubChunks = 4;  // targets each thread reads per chunk
inline constexpr int kScanChunk = kScanCols * kScanSubChunks;
inline constexpr int kScanWarps = kScanCols / 32;
inline constexpr int kScanBatch = 4;  // listed values loaded together before they are added

// Block (x, y): rows [x * kScanRows, ...) and columns [y * kScanCols, ...) of `out` (rows x
// cols); acc += value(k, c) for each contribution k whose target is one of them, k increasing.
template <typename T, typename Target, typename Value>
__global__ void __launch_bounds__(kScanCols)
    rowScanKernel(std::int64_t n, std::int64_t rows, std::int64_t cols, T* out, Target target,
                  Value value) {
  __shared__ T acc[kScanRows][kScanCols];
  __shared__ std::int64_t listed[kScanChunk];          // the chunk's contributions to these rows
  __shared__ std::uint8_t listedRow[kScanChunk];       // each one's row, from r0
  __shared__ int counts[kScanSubChunks * kScanWarps];  // matches per (sub-chunk, warp)

  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid % 32, warp = tid / 32;
  const std::int64_t r0 = static_cast<std::int64_t>(blockIdx.x) * kScanRows;
  const std::int64_t c = static_cast<std::int64_t>(blockIdx.y) * kScanCols + tid;
  const bool ownsColumn = c < cols;
  for (int i = 0; i < kScanRows; ++i) {
    acc[i][tid] = ownsColumn && r0 + i < rows ? out[(r0 + i) * cols + c] : T{};
  }

  // Sub-chunk s of the chunk at `base` is k = base + s * kScanCols + tid, so (s, warp, lane) is
  // the order of k. A chunk's targets are read while the chunk before is being added.
  std::int64_t row[kScanSubChunks];
  auto readTargets = [&](std::int64_t base) {
#pragma unroll
    for (int s = 0; s < kScanSubChunks; ++s) {
      const std::int64_t k = base + s * kScanCols + tid;
      row[s] = k < n ? target(k) - r0 : -1;
    }
  };
  readTargets(0);
  for (std::int64_t base = 0; base < n; base += kScanChunk) {
    bool match[kScanSubChunks];
    unsigned ballot[kScanSubChunks];
#pragma unroll
    for (int s = 0; s < kScanSubChunks; ++s) {
      match[s] = row[s] >= 0 && row[s] < kScanRows;
      ballot[s] = __ballot_sync(0xffffffffu, match[s]);
      if (lane == 0) counts[s * kScanWarps + warp] = __popc(ballot[s]);
    }
    __syncthreads();  // counts written; the chunk before fully added by every thread
    int total = 0, before[kScanSubChunks] = {};
    for (int j = 0; j < kScanSubChunks * kScanWarps; ++j) {
#pragma unroll
      for (int s = 0; s < kScanSubChunks; ++s) {
        if (j == s * kScanWarps + warp) before[s] = total;
      }
      total += counts[j];
    }
    const unsigned lanesBelow = (1u << lane) - 1u;
#pragma unroll
    for (int s = 0; s < kScanSubChunks; ++s) {
      if (match[s]) {
        const int at = before[s] + __popc(ballot[s] & lanesBelow);
        listed[at] = base + s * kScanCols + tid;
        listedRow[at] = static_cast<std::uint8_t>(row[s]);
      }
    }
    __syncthreads();  // the list complete; counts read by every thread
    readTargets(base + kScanChunk);
    if (!ownsColumn) continue;
    for (int j = 0; j < total; j += kScanBatch) {
      // Loaded together, added in k order.
      T v[kScanBatch];
#pragma unroll
      for (int b = 0; b < kScanBatch; ++b) {
        if (j + b < total) v[b] = value(listed[j + b], c);
      }
#pragma unroll
      for (int b = 0; b < kScanBatch; ++b) {
        if (j + b < total) acc[listedRow[j + b]][tid] += v[b];
      }
    }
  }

  if (!ownsColumn) return;
  for (int i = 0; i < kScanRows && r0 + i < rows; ++i) out[(r0 + i) * cols + c] = acc[i][tid];
}

// out[target(k)][c] += value(k, c) for every contribution k, in increasing k for each element,
// in one launch.
template <typename T, typename Target, typename Value>
void rowScanAccumulate(StreamView stream, std::int64_t n, std::int64_t rows, std::int64_t cols,
                       T* out, Target target, Value value) {
  if (n == 0 || rows == 0 || cols == 0) return;
  const std::int64_t blocks = (rows + kScanRows - 1) / kScanRows;
  DETBENCH_CHECK_ARG(blocks <= 0x7fffffff, "row_scan = 1 covers at most 2^31 - 1 blocks of " +
                                               std::to_string(kScanRows) + " rows");
  const dim3 grid(static_cast<unsigned>(blocks), gridY((cols + kScanCols - 1) / kScanCols));
  launch(DETBENCH_KERNEL(rowScanKernel<T, Target, Value>), {grid, kScanCols}, stream, n, rows, cols,
         out, target, value);
}

}  // namespace detbench::cuda
