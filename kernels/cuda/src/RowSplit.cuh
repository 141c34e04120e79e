#pragma once
// How the default forms of the row reductions (rms_norm, softmax) cut a row when the batch is
// too small to fill the device, as libraries do: enough blocks for 2 per SM, none shorter than
// `minSlice` columns. The bits of a row then depend on the batch size (and the GPU model).

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

}  // namespace detbench::cuda
