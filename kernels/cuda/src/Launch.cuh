#pragma once
// The launch shape the kernels share: blocks of kThreadsPerBlock threads, and the grid that
// covers a number of items with one thread each (gridFor), or with a grid-stride loop
// (gridForStride: capped, the kernel's loop covers the rest). Never an empty grid: a launch of
// zero blocks is an error.

#include <cstdint>
#include <string>

#include "detbench/base/Error.hpp"

namespace detbench::cuda {

inline constexpr int kThreadsPerBlock = 256;

inline unsigned gridFor(std::int64_t items, int threadsPerBlock = kThreadsPerBlock) {
  const std::int64_t blocks = (items + threadsPerBlock - 1) / threadsPerBlock;
  return static_cast<unsigned>(blocks > 0 ? blocks : 1);
}

inline unsigned gridForStride(std::int64_t items, unsigned maxBlocks = 65536) {
  const unsigned blocks = gridFor(items);
  return blocks < maxBlocks ? blocks : maxBlocks;
}

// A grid's y (or z) extent, which CUDA caps at 65535: beyond it a launch fails with an invalid
// configuration, so a size that would need more is refused with a message first.
inline unsigned gridY(std::int64_t blocks) {
  DETBENCH_CHECK_ARG(blocks <= 65535, "a grid of " + std::to_string(blocks) +
                                          " blocks along y or z: CUDA allows at most 65535");
  return static_cast<unsigned>(blocks > 0 ? blocks : 1);
}

}  // namespace detbench::cuda
