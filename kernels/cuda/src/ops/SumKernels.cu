// cuda kernels for sum, in the fixed tree of ops/SumOp.hpp: one warp sums each chunk of kChunk
// elements (lane l keeps the running sum of elements l, l + 32, ..., read 128 bytes per warp
// load, then a shuffle reduction folds the lanes in SumOp's order), then the chunk partials are
// added pairwise by position. The deterministic form therefore equals the cpu device bit for
// bit; the atomic contrast adds each chunk's partial to the result with atomicAdd, in whatever
// order the chunks finish.

#include <cstdint>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/SumOp.hpp"

namespace detbench::cuda {

namespace {

using ops::SumOp;

static_assert(SumOp::kLanes == 32, "one warp per chunk");
constexpr int kChunksPerBlock = kThreadsPerBlock / 32;

__global__ void chunkSumKernel(const float* x, std::int64_t size, std::int64_t chunks,
                               float* partials, float* atomicOut) {
  const std::int64_t chunk = static_cast<std::int64_t>(blockIdx.x) * kChunksPerBlock +
                             static_cast<std::int64_t>(threadIdx.x / 32);
  const int lane = static_cast<int>(threadIdx.x % 32);
  if (chunk >= chunks) return;  // the whole warp: the shuffles below need every lane
  const std::int64_t begin = chunk * SumOp::kChunk;
  const std::int64_t n = size - begin < SumOp::kChunk ? size - begin : SumOp::kChunk;
  const float* c = x + begin;
  float s = 0.0f;
#pragma unroll 8
  for (std::int64_t i = lane; i < n; i += 32) s += c[i];
  // Lane l adds lane l + offset (the other lanes' sums are not used again): SumOp's fold.
  for (int offset = 16; offset > 0; offset /= 2) s = s + __shfl_down_sync(0xffffffffu, s, offset);
  if (lane != 0) return;
  if (atomicOut != nullptr) {
    atomicAdd(atomicOut, s);
  } else {
    partials[chunk] = s;
  }
}

// One block walks the pairwise tree of SumOp::treeReduce level by level.
__global__ void treeReduceKernel(float* partials, std::int64_t n, float* out) {
  for (std::int64_t width = 1; width < n; width *= 2) {
    for (std::int64_t i = 2 * width * threadIdx.x; i + width < n; i += 2 * width * blockDim.x) {
      partials[i] += partials[i + width];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = n > 0 ? partials[0] : 0.0f;
}

}  // namespace

CudaRun makeSumCuda(const CudaKernelArgs& args) {
  const auto p = SumOp::problem(args.params);
  const float* x = args.device.in<float>(SumOp::kInput);
  float* out = args.device.out<float>();
  const std::int64_t chunks = p.chunks();
  const LaunchShape shape{gridFor(chunks, kChunksPerBlock), kThreadsPerBlock};
  if (args.form == Form::Atomic) {
    return [=](StreamView stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
      launch(DETBENCH_KERNEL(chunkSumKernel), shape, stream, x, p.size, chunks, nullptr, out);
    };
  }
  auto partials = std::make_shared<DeviceArray<float>>(static_cast<std::size_t>(chunks));
  return [=](StreamView stream) {
    float* part = partials->data();
    launch(DETBENCH_KERNEL(chunkSumKernel), shape, stream, x, p.size, chunks, part, nullptr);
    launch(DETBENCH_KERNEL(treeReduceKernel), {1, 1024}, stream, part, chunks, out);
  };
}

}  // namespace detbench::cuda
