#pragma once
// The launch shape the kernels share: blocks of kThreadsPerBlock threads, and the grid that
// covers a number of items with one thread each (gridFor), or with a grid-stride loop
// (gridForStride: capped, the kernel's loop covers the rest). Never an empty grid: a launch of
// zero blocks is an error.

#include <cstdint>

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

}  // namespace detbench::cuda
