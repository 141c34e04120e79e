#include "CudaCheck.hpp"
#include "detbench/Digest.hpp"
#include "detbench/cuda/DeviceDigest.hpp"

namespace detbench::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 4096;

__device__ __forceinline__ std::uint64_t term(std::uint64_t indexKey, std::uint64_t bits) {
  const std::uint64_t a = bits ^ digest_detail::kValueKey;
  const std::uint64_t b = indexKey ^ digest_detail::kIndexKey;
  return (a * b) ^ __umul64hi(a, b);
}

template <typename Bits>
__global__ void digestKernel(const Bits* data, std::uint64_t count, unsigned long long* acc) {
  __shared__ std::uint64_t partial[kThreads];
  std::uint64_t sum = 0;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    sum += term(i * digest_detail::kIndexStep, static_cast<std::uint64_t>(data[i]));
  }
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int width = kThreads / 2; width > 0; width /= 2) {
    if (threadIdx.x < width) partial[threadIdx.x] += partial[threadIdx.x + width];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(acc, static_cast<unsigned long long>(partial[0]));
}

}  // namespace

std::uint64_t deviceDigest(const void* data, std::size_t elementSize, std::uint64_t count,
                           std::uint64_t* accumulator, cudaStream_t stream) {
  DETBENCH_CUDA_CHECK(cudaMemsetAsync(accumulator, 0, sizeof(std::uint64_t), stream));
  const std::uint64_t wanted = (count + kThreads - 1) / kThreads;
  const int blocks = static_cast<int>(wanted < kMaxBlocks ? (wanted > 0 ? wanted : 1) : kMaxBlocks);
  auto* acc = reinterpret_cast<unsigned long long*>(accumulator);
  if (elementSize == 4) {
    digestKernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::uint32_t*>(data), count,
                                                  acc);
  } else if (elementSize == 8) {
    digestKernel<<<blocks, kThreads, 0, stream>>>(static_cast<const std::uint64_t*>(data), count,
                                                  acc);
  } else {
    DETBENCH_THROW(InvalidArgument, "digest supports 4- and 8-byte elements only");
  }
  DETBENCH_CUDA_CHECK_LAUNCH();
  std::uint64_t sum = 0;
  DETBENCH_CUDA_CHECK(
      cudaMemcpyAsync(&sum, accumulator, sizeof sum, cudaMemcpyDeviceToHost, stream));
  DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
  return digest_detail::finalize(sum, count, elementSize);
}

}  // namespace detbench::cuda
