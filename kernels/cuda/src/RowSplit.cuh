#pragma once
// What the row reductions (rms_norm, softmax, decode_attention) share: how the default forms cut
// a row when the batch is too small to fill the device, as libraries do (enough blocks for 2 per
// SM, none shorter than `minSlice` columns; the bits of a row then depend on the batch size and
// the GPU model), the slice plan of rms_norm's and softmax's row sums (RowSlices), and the fixed
// tree that folds a block's values.

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "CudaCheck.hpp"
#include "detbench/catalog/Dispatch.hpp"

namespace detbench::cuda {

inline int multiprocessorCount() {
  int device = 0;
  int count = 0;
  DETBENCH_CUDA_CHECK(cudaGetDevice(&device));
  DETBENCH_CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
  return count;
}

// Slices per row (1: one block per row).
inline std::int64_t slicesToFill(std::int64_t rows, std::int64_t cols, std::int64_t minSlice) {
  const std::int64_t fill = 2 * static_cast<std::int64_t>(multiprocessorCount());
  const std::int64_t most = cols / minSlice;
  if (rows >= fill || most < 2) return 1;
  const std::int64_t wanted = (fill + rows - 1) / rows;
  return wanted < most ? wanted : most;
}

// How a row's sum is cut into slices, a block each, and how the slices' partial sums make the
// row's total:
//  - atomic: slices of sliceCols columns, each partial added to the row's one total with
//    atomicAdd, in whatever order the blocks finish;
//  - otherwise `slices` equal cuts of the row (1 with batch_invariant = 1, or when the batch
//    fills the device), each partial stored in its place and added in slice order.
struct RowSlices {
  std::int64_t slices = 1;  // per row: the grid's x extent
  std::int64_t sliceCols = 0;
  bool atomic = false;

  // The partial sums the plan needs for `rows` rows.
  std::int64_t partials(std::int64_t rows) const { return atomic ? rows : rows * slices; }
  // Columns [begin, end) of slice s of a row of `cols` columns.
  __device__ std::int64_t begin(std::int64_t s, std::int64_t cols) const {
    return atomic ? s * sliceCols : s * cols / slices;
  }
  __device__ std::int64_t end(std::int64_t s, std::int64_t cols) const {
    if (!atomic) return (s + 1) * cols / slices;
    const std::int64_t c0 = begin(s, cols);
    return c0 + sliceCols < cols ? c0 + sliceCols : cols;
  }
  // Slice s of `row` has summed to `sum` (one thread of the block calls this).
  __device__ void store(float* partials, std::int64_t row, std::int64_t s, float sum) const {
    if (atomic) {
      atomicAdd(partials + row, sum);
    } else {
      partials[row * slices + s] = sum;
    }
  }
  // The row's total: its partials in slice order.
  __device__ float total(const float* partials, std::int64_t row) const {
    const std::int64_t n = atomic ? 1 : slices;
    float t = partials[row * n];
    for (std::int64_t s = 1; s < n; ++s) t += partials[row * n + s];
    return t;
  }
};

// The plan for `form`, and the algorithm line that says it ("each <what> split over 3 blocks
// ..."); sliceCols and atomicSlices are the op's (its kSlice and its slices of kSlice columns).
inline RowSlices planRowSlices(Form form, bool batchInvariant, std::int64_t rows, std::int64_t cols,
                               std::int64_t sliceCols, std::int64_t atomicSlices,
                               std::string_view what, std::string& algorithm) {
  RowSlices plan;
  plan.sliceCols = sliceCols;
  if (form == Form::Atomic) {
    plan.atomic = true;
    plan.slices = atomicSlices;
    algorithm = "slices of " + std::to_string(sliceCols) + " columns, atomicAdd";
  } else if (!batchInvariant) {
    plan.slices = slicesToFill(rows, cols, sliceCols);
    algorithm = plan.slices == 1
                    ? std::string("one block per row")
                    : "each " + std::string(what) + " split over " + std::to_string(plan.slices) +
                          " blocks (the batch does not fill the device)";
  } else {
    algorithm = "one block per row (batch-invariant)";
  }
  return plan;
}

// One value per thread of a block of kThreads (a power of two) folded by a fixed tree: thread t
// takes t + offset for offset kThreads / 2, ..., 1, by addition or (max) fmaxf. Every thread
// gets the result; `shared` holds kThreads floats and is free again on return.
template <int kThreads>
__device__ float blockTreeReduce(float value, float* shared, bool max) {
  shared[threadIdx.x] = value;
  __syncthreads();
  for (int offset = kThreads / 2; offset > 0; offset /= 2) {
    if (threadIdx.x < offset) {
      const float other = shared[threadIdx.x + offset];
      shared[threadIdx.x] = max ? fmaxf(shared[threadIdx.x], other) : shared[threadIdx.x] + other;
    }
    __syncthreads();
  }
  const float result = shared[0];
  __syncthreads();
  return result;
}

}  // namespace detbench::cuda
