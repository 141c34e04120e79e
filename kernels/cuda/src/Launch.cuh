#pragma once
// How the module launches its kernels, in one place:
//  - the launch shape the kernels share: blocks of kThreadsPerBlock threads, and the grid that
//    covers a number of items with one thread each (gridFor, oneThreadEach), or with a
//    grid-stride loop (gridForStride, gridStrideOver: capped, the kernel's loop covers the
//    rest). Never an empty grid: a launch of zero blocks is an error;
//  - inside a kernel, this thread's index in a one-dimensional grid and the grid's thread
//    count, both in 64 bits (globalIndex, gridThreads);
//  - launch(): the one place that writes a launch. It takes the kernel as DETBENCH_KERNEL(name)
//    (its name, and the file and line of the launch), the shape, the stream and the kernel's
//    arguments, and checks the launch (LaunchCheck.hpp), so a failure names its kernel; with
//    DETBENCH_CUDA_SYNC_LAUNCHES=1 it waits for the stream before and after, so a kernel that
//    faults while it runs is named too.

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "LaunchCheck.hpp"
#include "StreamView.hpp"
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

// The grid, the block and the dynamic shared memory of a launch.
struct LaunchShape {
  dim3 grid;
  dim3 block;
  std::size_t sharedBytes = 0;
};

// One thread per item, in blocks of kThreadsPerBlock.
inline LaunchShape oneThreadEach(std::int64_t items) {
  return {gridFor(items), kThreadsPerBlock};
}

// Blocks of kThreadsPerBlock for a grid-stride loop over `items`: at most `maxBlocks`.
inline LaunchShape gridStrideOver(std::int64_t items, unsigned maxBlocks = 65536) {
  return {gridForStride(items, maxBlocks), kThreadsPerBlock};
}

// This thread's index in a one-dimensional grid: blockIdx.x * blockDim.x + threadIdx.x in 64
// bits (in 32 bits it wraps past 2^32 threads).
__device__ __forceinline__ std::int64_t globalIndex() {
  return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

// The threads of a one-dimensional grid, in 64 bits: the step of a grid-stride loop.
__device__ __forceinline__ std::int64_t gridThreads() {
  return static_cast<std::int64_t>(gridDim.x) * blockDim.x;
}

// A kernel and its launch site (DETBENCH_KERNEL makes one).
template <typename... Params>
struct KernelRef {
  void (*kernel)(Params...);
  KernelSite site;
};

template <typename... Params>
KernelRef<Params...> kernelRef(void (*kernel)(Params...), const char* name, const char* file,
                               int line) {
  return {kernel, {name, file, line}};
}

// Launches `k` with `shape` on `stream`; the arguments convert to the kernel's parameters as in
// a call. Every failure of the launch is a CudaError naming the kernel and the launch's line.
template <typename... Params, typename... Args>
void launch(const KernelRef<Params...>& k, const LaunchShape& shape, StreamView stream,
            Args&&... args) {
  if (syncLaunches()) checkBeforeLaunch(k.site, stream);
  k.kernel<<<shape.grid, shape.block, shape.sharedBytes, stream.get()>>>(
      std::forward<Args>(args)...);
  checkLaunch(k.site, stream);
}

}  // namespace detbench::cuda

// The kernel named at a launch, with the launch's file and line: launch(DETBENCH_KERNEL(
// scatterKernel<float>), ...). A template's arguments may hold commas.
#define DETBENCH_KERNEL(...) \
  ::detbench::cuda::kernelRef(__VA_ARGS__, #__VA_ARGS__, __FILE__, __LINE__)
