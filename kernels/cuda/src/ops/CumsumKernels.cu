// cuda kernels for cumsum (see ops/CumsumOp.hpp for the order of the additions):
//  - atomic form: a single-pass scan with decoupled look-back. Blocks take tiles in the order
//    they start (an atomic ticket), so every predecessor a tile waits for is running. A tile
//    publishes its aggregate, walks back adding aggregates until it meets an inclusive prefix,
//    then publishes its own inclusive prefix. How far it walks depends on timing.
//  - deterministic form: the same tile scan, the tile prefixes combined in order by one thread,
//    then added. It equals the cpu-threads deterministic form bit for bit.

#include <cstdint>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/CumsumOp.hpp"

namespace detbench::cuda {

namespace {

using ops::CumsumOp;
constexpr int kLanes = static_cast<int>(CumsumOp::kLanes);
constexpr int kPerLane = static_cast<int>(CumsumOp::kPerLane);

constexpr unsigned long long kAggregate = 1ULL << 32;
constexpr unsigned long long kInclusive = 2ULL << 32;

// The tile scan of CumsumOp::scanTile for one block of kLanes threads: local[] receives this
// lane's elements without the tile prefix; the return value is the tile's aggregate.
__device__ float scanTile(const float* x, std::int64_t size, std::int64_t t, float* local,
                          float* shared) {
  const int lane = static_cast<int>(threadIdx.x);
  const std::int64_t base = t * CumsumOp::kTile + static_cast<std::int64_t>(lane) * kPerLane;
  float s = 0.0f;
  for (int k = 0; k < kPerLane; ++k) {
    if (base + k < size) s += x[base + k];
    local[k] = s;
  }
  shared[lane] = s;
  __syncthreads();
  for (int d = 1; d < kLanes; d *= 2) {
    const float other = lane >= d ? shared[lane - d] : 0.0f;
    __syncthreads();
    if (lane >= d) shared[lane] = shared[lane] + other;
    __syncthreads();
  }
  if (lane > 0) {
    const float before = shared[lane - 1];
    for (int k = 0; k < kPerLane; ++k) local[k] = before + local[k];
  }
  const float aggregate = shared[kLanes - 1];
  __syncthreads();
  return aggregate;
}

__device__ void writeTile(std::int64_t size, std::int64_t t, const float* local, bool addPrefix,
                          float prefix, float* out) {
  const std::int64_t base = t * CumsumOp::kTile + static_cast<std::int64_t>(threadIdx.x) * kPerLane;
  for (int k = 0; k < kPerLane; ++k) {
    if (base + k < size) out[base + k] = addPrefix ? prefix + local[k] : local[k];
  }
}

__device__ void publish(unsigned long long* state, std::int64_t t, unsigned long long flag,
                        float value) {
  __threadfence();
  atomicExch(state + t, flag | __float_as_uint(value));
}

__global__ void lookBackScanKernel(const float* x, std::int64_t size, float* out,
                                   unsigned long long* state, unsigned long long* ticket) {
  __shared__ float shared[kLanes];
  __shared__ std::int64_t tileShared;
  __shared__ float prefixShared;
  if (threadIdx.x == 0) tileShared = static_cast<std::int64_t>(atomicAdd(ticket, 1ULL));
  __syncthreads();
  const std::int64_t t = tileShared;
  float local[kPerLane];
  const float aggregate = scanTile(x, size, t, local, shared);
  if (threadIdx.x == 0) {
    float prefix = 0.0f;
    if (t == 0) {
      publish(state, 0, kInclusive, aggregate);
    } else {
      publish(state, t, kAggregate, aggregate);
      bool have = false;
      for (std::int64_t j = t - 1;; --j) {
        unsigned long long word;
        do {
          word = *reinterpret_cast<volatile unsigned long long*>(state + j);
        } while ((word >> 32) == 0);
        const float v = __uint_as_float(static_cast<unsigned>(word));
        prefix = have ? v + prefix : v;
        have = true;
        if ((word & kInclusive) != 0) break;
      }
      publish(state, t, kInclusive, prefix + aggregate);
    }
    prefixShared = prefix;
  }
  __syncthreads();
  writeTile(size, t, local, t > 0, prefixShared, out);
}

__global__ void tileScanKernel(const float* x, std::int64_t size, float* out, float* aggregates) {
  __shared__ float shared[kLanes];
  const std::int64_t t = blockIdx.x;
  float local[kPerLane];
  const float aggregate = scanTile(x, size, t, local, shared);
  if (threadIdx.x == 0) aggregates[t] = aggregate;
  writeTile(size, t, local, false, 0.0f, out);
}

// Exclusive prefixes in tile order, in place (aggregate t becomes tile t's prefix; tile 0 needs
// none), added one after the other by one thread exactly as CumsumKernels.cpp does. The
// aggregates pass through shared memory a block-wide chunk at a time, so the sequential chain
// waits on shared-memory loads, not on global ones.
constexpr int kCombineThreads = 1024;

__global__ void __launch_bounds__(kCombineThreads)
    combineTilesKernel(float* aggregates, std::int64_t tiles) {
  __shared__ float chunk[kCombineThreads];
  __shared__ float carry;  // the inclusive prefix of every tile before the chunk
  for (std::int64_t base = 0; base < tiles; base += kCombineThreads) {
    const std::int64_t t = base + threadIdx.x;
    if (t < tiles) chunk[threadIdx.x] = aggregates[t];
    __syncthreads();
    if (threadIdx.x == 0) {
      const int n =
          static_cast<int>(tiles - base < kCombineThreads ? tiles - base : kCombineThreads);
      // Tile 0's aggregate is the first inclusive prefix, as it is (no 0 + aggregate).
      int j = base == 0 ? 1 : 0;
      float inclusive = base == 0 ? chunk[0] : carry;
#pragma unroll 8
      for (; j < n; ++j) {
        const float prefix = inclusive;
        inclusive = prefix + chunk[j];
        chunk[j] = prefix;
      }
      carry = inclusive;
    }
    __syncthreads();
    if (t < tiles) aggregates[t] = chunk[threadIdx.x];
    __syncthreads();  // the chunk is reloaded next round
  }
}

__global__ void addPrefixKernel(std::int64_t size, const float* prefixes, float* out) {
  const std::int64_t t = blockIdx.x;
  if (t == 0) return;
  const std::int64_t base = t * CumsumOp::kTile + static_cast<std::int64_t>(threadIdx.x) * kPerLane;
  for (int k = 0; k < kPerLane; ++k) {
    if (base + k < size) out[base + k] = prefixes[t] + out[base + k];
  }
}

}  // namespace

CudaRun makeCumsumCuda(const CudaKernelArgs& args) {
  const auto p = CumsumOp::problem(args.params);
  const float* x = args.device.in<float>(CumsumOp::kInput);
  float* out = args.device.out<float>();
  const std::int64_t tiles = p.tiles();
  const LaunchShape tileBlocks{static_cast<unsigned>(tiles), kLanes};
  if (args.form == Form::Atomic) {
    // Tile states, then the ticket counter, in one buffer cleared before each trial.
    auto state =
        std::make_shared<DeviceArray<unsigned long long>>(static_cast<std::size_t>(tiles + 1));
    return [=](StreamView stream) {
      unsigned long long* s = state->data();
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(s, 0, state->bytes(), stream));
      launch(DETBENCH_KERNEL(lookBackScanKernel), tileBlocks, stream, x, p.size, out, s, s + tiles);
    };
  }
  auto aggregates = std::make_shared<DeviceArray<float>>(static_cast<std::size_t>(tiles));
  return [=](StreamView stream) {
    float* agg = aggregates->data();
    launch(DETBENCH_KERNEL(tileScanKernel), tileBlocks, stream, x, p.size, out, agg);
    launch(DETBENCH_KERNEL(combineTilesKernel), {1, kCombineThreads}, stream, agg, tiles);
    launch(DETBENCH_KERNEL(addPrefixKernel), tileBlocks, stream, p.size, agg, out);
  };
}

}  // namespace detbench::cuda
