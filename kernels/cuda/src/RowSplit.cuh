#pragma once
// What the row reductions (rms_norm, softmax, decode_attention) share: how the default forms cut
// a row when the batch is too small to fill the device, as libraries do (enough blocks for 2 per
// SM, none shorter than `minSlice` columns; the bits of a row then depend on the batch size and
// the GPU model), and the fixed tree that folds a block's values.

#include <cuda_runtime.h>

#include <cstdint>

#include "CudaCheck.hpp"

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
