#include <cstdint>

#include "CudaCheck.hpp"
#include "DigestShare.hpp"
#include "Launch.cuh"
#include "detbench/cuda/DeviceDigest.hpp"

namespace detbench::cuda {

namespace {

constexpr int kWarps = kThreadsPerBlock / 32;
constexpr unsigned kMaxBlocks = 4096;

struct DigestState {
  unsigned long long sum;
  unsigned int finishedBlocks;
};

// kVector: the data is 16-byte aligned and read 16 bytes at a time; otherwise one element per
// load.
template <typename Bits, bool kVector>
__global__ void __launch_bounds__(kThreadsPerBlock)
    digestKernel(const Bits* data, std::uint64_t count, DigestState* state, std::uint64_t* result) {
  const auto thread = static_cast<std::uint64_t>(globalIndex());
  const auto threads = static_cast<std::uint64_t>(gridThreads());
  std::uint64_t sum = digestThreadSum<Bits, kVector>(data, count, thread, threads);

  // Block sum: warp shuffles, then the warps' partials.
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  __shared__ std::uint64_t warpSums[kWarps];
  const int lane = static_cast<int>(threadIdx.x % 32), warp = static_cast<int>(threadIdx.x / 32);
  if (lane == 0) warpSums[warp] = sum;
  __syncthreads();
  if (threadIdx.x != 0) return;
  std::uint64_t blockSum = 0;
  for (int w = 0; w < kWarps; ++w) blockSum += warpSums[w];

  atomicAdd(&state->sum, static_cast<unsigned long long>(blockSum));
  // The partial is visible before this block counts as finished, so the block that finishes
  // last reads every partial.
  __threadfence();
  if (atomicAdd(&state->finishedBlocks, 1u) != gridDim.x - 1) return;
  __threadfence();
  const unsigned long long total = atomicExch(&state->sum, 0ULL);
  atomicExch(&state->finishedBlocks, 0u);
  *result = total;
  __threadfence_system();
}

template <typename Bits>
void enqueueDigest(const void* data, std::uint64_t count, DigestState* state, std::uint64_t* result,
                   StreamView stream) {
  const bool vector = reinterpret_cast<std::uintptr_t>(data) % 16 == 0;
  const std::uint64_t perThread = vector ? DigestLoad<Bits>::kPerLoad : 1;
  const LaunchShape shape =
      gridStrideOver(static_cast<std::int64_t>(count / perThread), kMaxBlocks);
  const auto* bits = static_cast<const Bits*>(data);
  if (vector) {
    launch(DETBENCH_KERNEL(digestKernel<Bits, true>), shape, stream, bits, count, state, result);
  } else {
    launch(DETBENCH_KERNEL(digestKernel<Bits, false>), shape, stream, bits, count, state, result);
  }
}

}  // namespace

DeviceDigester::DeviceDigester() {
  try {
    DETBENCH_CUDA_CHECK(cudaMalloc(&state_, sizeof(DigestState)));
    DETBENCH_CUDA_CHECK(cudaMemset(state_, 0, sizeof(DigestState)));
    // cudaMemset runs on the legacy default stream, which the trials' non-blocking stream does
    // not wait for: done before the first digest is enqueued.
    DETBENCH_CUDA_CHECK(cudaDeviceSynchronize());
    void* host = nullptr;
    DETBENCH_CUDA_CHECK(cudaHostAlloc(&host, sizeof(std::uint64_t), cudaHostAllocMapped));
    host_ = static_cast<std::uint64_t*>(host);
    *host_ = 0;
    void* mapped = nullptr;
    DETBENCH_CUDA_CHECK(cudaHostGetDevicePointer(&mapped, host, 0));
    mapped_ = static_cast<std::uint64_t*>(mapped);
  } catch (...) {
    release();
    throw;
  }
}

DeviceDigester::~DeviceDigester() {
  release();
}

void DeviceDigester::release() noexcept {
  if (host_) (void)cudaFreeHost(host_);
  if (state_) (void)cudaFree(state_);
  host_ = nullptr;
  state_ = nullptr;
}

void DeviceDigester::enqueue(const void* data, std::size_t elementSize, std::uint64_t count,
                             cudaStream_t stream) {
  auto* state = static_cast<DigestState*>(state_);
  if (elementSize == 4) {
    enqueueDigest<std::uint32_t>(data, count, state, mapped_, stream);
  } else if (elementSize == 8) {
    enqueueDigest<std::uint64_t>(data, count, state, mapped_, stream);
  } else {
    DETBENCH_THROW(InvalidArgument, "digest supports 4- and 8-byte elements only");
  }
  count_ = count;
  elementSize_ = elementSize;
}

std::uint64_t DeviceDigester::result() const {
  return digest_detail::finalize(*static_cast<volatile const std::uint64_t*>(host_), count_,
                                 elementSize_);
}

std::uint64_t deviceDigest(const void* data, std::size_t elementSize, std::uint64_t count,
                           cudaStream_t stream) {
  DeviceDigester digester;
  digester.enqueue(data, elementSize, count, stream);
  DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream));
  return digester.result();
}

}  // namespace detbench::cuda
