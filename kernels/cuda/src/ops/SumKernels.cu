// cuda kernels for sum, in the fixed tree of ops/SumOp.hpp: one thread sums each chunk of
// kChunk elements left to right, then the chunk partials are added pairwise by position. The
// deterministic form therefore equals the cpu device bit for bit; the atomic contrast adds each
// chunk's partial to the result with atomicAdd, in whatever order the chunks finish.

#include <cstdint>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "detbench/ops/SumOp.hpp"

namespace detbench::cuda {

namespace {

using Op = ops::SumOp;
constexpr int kThreads = 256;

__global__ void chunkSumKernel(const float* x, std::int64_t size, std::int64_t chunks,
                               float* partials, float* atomicOut) {
  const std::int64_t c = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c >= chunks) return;
  const std::int64_t begin = c * Op::kChunk;
  const std::int64_t end = begin + Op::kChunk < size ? begin + Op::kChunk : size;
  float s = 0.0f;
  for (std::int64_t i = begin; i < end; ++i) s += x[i];
  if (atomicOut != nullptr) {
    atomicAdd(atomicOut, s);
  } else {
    partials[c] = s;
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

CudaRun makeSumCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device, Form form,
                    const CudaKernelEnv&) {
  const auto p = Op::problem(params);
  const float* x = device.in<float>(Op::kInput);
  float* out = device.out<float>();
  const std::int64_t chunks = p.chunks();
  const auto blocks = static_cast<unsigned>((chunks + kThreads - 1) / kThreads);
  if (form == Form::Atomic) {
    return [=](cudaStream_t stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
      chunkSumKernel<<<blocks, kThreads, 0, stream>>>(x, p.size, chunks, nullptr, out);
      DETBENCH_CUDA_CHECK_LAUNCH();
    };
  }
  auto partials = std::make_shared<DeviceBuffer>(static_cast<std::size_t>(chunks) * sizeof(float));
  return [=](cudaStream_t stream) {
    auto* part = static_cast<float*>(partials->data());
    chunkSumKernel<<<blocks, kThreads, 0, stream>>>(x, p.size, chunks, part, nullptr);
    DETBENCH_CUDA_CHECK_LAUNCH();
    treeReduceKernel<<<1, 1024, 0, stream>>>(part, chunks, out);
    DETBENCH_CUDA_CHECK_LAUNCH();
  };
}

}  // namespace detbench::cuda
