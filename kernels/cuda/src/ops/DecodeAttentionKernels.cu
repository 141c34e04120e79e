// cuda kernels for decode_attention (split-KV, "flash decoding"):
//  1. scores: blocks of keys per (sequence, head), a thread per key, each dot product over head_dim
//     left to right, times the scale;
//  2. one block per (row, split): the split's maximum and sum of exp(score - max) by a fixed
//     tree, and for each of head_dim outputs (a thread each) the values weighted by those
//     exponentials, key by key;
//  3. merge: per row, the splits in order, each rescaled by exp(m_split - m).
// The split count is the strategy: deterministic fills the device (2 blocks per SM) when the
// rows do not, so a sequence's bits depend on its batch; batch_invariant = 1 cuts fixed splits
// of kFixedSplit keys; atomic rescales every split to the row's maximum and adds it to the
// output with atomicAdd. Not the `cpu` device's order (its own trees): its bits are its own.

#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "RowSplit.cuh"
#include "detbench/ops/DecodeAttentionOp.hpp"

namespace detbench::cuda {

namespace {

using ops::DecodeAttentionOp;
constexpr int kThreads = 128;

struct Shape {
  std::int64_t rows, headDim, kvLen, splits;
  bool fixedSplits;
  float scale;
  __device__ std::int64_t begin(std::int64_t s) const {
    if (fixedSplits)
      return s * DecodeAttentionOp::kFixedSplit < kvLen ? s * DecodeAttentionOp::kFixedSplit
                                                        : kvLen;
    return s * kvLen / splits;
  }
  __device__ std::int64_t end(std::int64_t s) const {
    return s + 1 == splits ? kvLen : begin(s + 1);
  }
};

__global__ void scoresKernel(const float* q, const float* k, Shape sh, float* scores) {
  const std::int64_t r = blockIdx.x;
  const std::int64_t l = static_cast<std::int64_t>(blockIdx.y) * kThreads + threadIdx.x;
  if (l >= sh.kvLen) return;
  const float* qr = q + r * sh.headDim;
  const float* kl = k + (r * sh.kvLen + l) * sh.headDim;
  float dot = 0.0f;
  for (std::int64_t d = 0; d < sh.headDim; ++d) dot += qr[d] * kl[d];
  scores[r * sh.kvLen + l] = dot * sh.scale;
}

// Block (r, s). rowMax null: the split's own maximum, results to the partials; otherwise
// rescaled to rowMax[r] and added to totals and out atomically.
__global__ void splitKernel(const float* v, const float* scores, Shape sh, const float* rowMax,
                            float* maxes, float* sums, float* accs, float* totals, float* out) {
  __shared__ float shared[kThreads];
  const std::int64_t r = blockIdx.x;
  const std::int64_t s = blockIdx.y;
  const std::int64_t l0 = sh.begin(s);
  const std::int64_t l1 = sh.end(s);
  const float* sc = scores + r * sh.kvLen;
  float m = -INFINITY;
  for (std::int64_t l = l0 + threadIdx.x; l < l1; l += kThreads) m = fmaxf(m, sc[l]);
  m = rowMax != nullptr ? rowMax[r] : blockTreeReduce<kThreads>(m, shared, true);
  float e = 0.0f;
  for (std::int64_t l = l0 + threadIdx.x; l < l1; l += kThreads) e += expf(sc[l] - m);
  const float sum = blockTreeReduce<kThreads>(e, shared, false);
  const std::int64_t task = r * sh.splits + s;
  for (std::int64_t d = threadIdx.x; d < sh.headDim; d += kThreads) {
    float acc = 0.0f;
    for (std::int64_t l = l0; l < l1; ++l)
      acc += expf(sc[l] - m) * v[(r * sh.kvLen + l) * sh.headDim + d];
    if (rowMax != nullptr) {
      atomicAdd(out + r * sh.headDim + d, acc);
    } else {
      accs[task * sh.headDim + d] = acc;
    }
  }
  if (threadIdx.x != 0) return;
  if (rowMax != nullptr) {
    atomicAdd(totals + r, sum);
  } else {
    maxes[task] = m;
    sums[task] = sum;
  }
}

__global__ void rowMaxKernel(const float* scores, Shape sh, float* rowMax) {
  __shared__ float shared[kThreads];
  const std::int64_t r = blockIdx.x;
  float m = -INFINITY;
  for (std::int64_t l = threadIdx.x; l < sh.kvLen; l += kThreads)
    m = fmaxf(m, scores[r * sh.kvLen + l]);
  m = blockTreeReduce<kThreads>(m, shared, true);
  if (threadIdx.x == 0) rowMax[r] = m;
}

__global__ void mergeKernel(const float* maxes, const float* sums, const float* accs, Shape sh,
                            float* out) {
  const std::int64_t r = blockIdx.x;
  float m = maxes[r * sh.splits];
  for (std::int64_t s = 1; s < sh.splits; ++s) m = fmaxf(m, maxes[r * sh.splits + s]);
  float total = 0.0f;
  for (std::int64_t s = 0; s < sh.splits; ++s) {
    total += sums[r * sh.splits + s] * expf(maxes[r * sh.splits + s] - m);
  }
  for (std::int64_t d = threadIdx.x; d < sh.headDim; d += kThreads) {
    float acc = 0.0f;
    for (std::int64_t s = 0; s < sh.splits; ++s) {
      acc += accs[(r * sh.splits + s) * sh.headDim + d] * expf(maxes[r * sh.splits + s] - m);
    }
    out[r * sh.headDim + d] = acc / total;
  }
}

__global__ void divideKernel(const float* totals, Shape sh, float* out) {
  const std::int64_t r = blockIdx.x;
  for (std::int64_t d = threadIdx.x; d < sh.headDim; d += kThreads)
    out[r * sh.headDim + d] /= totals[r];
}

}  // namespace

CudaRun makeDecodeAttentionCuda(const CudaKernelArgs& args) {
  const auto p = DecodeAttentionOp::problem(args.params);
  const float* q = args.device.in<float>(DecodeAttentionOp::kQ);
  const float* k = args.device.in<float>(DecodeAttentionOp::kK);
  const float* v = args.device.in<float>(DecodeAttentionOp::kV);
  float* out = args.device.out<float>();
  const bool atomic = args.form == Form::Atomic;
  const bool fixed = atomic || p.batchInvariant;
  Shape sh{p.rows(), p.headDim, p.kvLen, 1, fixed, static_cast<float>(p.scale())};
  if (fixed) {
    sh.splits = (p.kvLen + DecodeAttentionOp::kFixedSplit - 1) / DecodeAttentionOp::kFixedSplit;
  } else {
    sh.splits = slicesToFill(p.rows(), p.kvLen, DecodeAttentionOp::kMinSplit);
  }
  *args.algorithm = (atomic ? std::string("split-KV, atomicAdd of ") : std::string("split-KV, ")) +
                    std::to_string(sh.splits) + (fixed ? " fixed splits of 256 keys" : " splits") +
                    (fixed ? "" : " (as many as fill the device)");
  const auto rows = static_cast<std::size_t>(p.rows());
  const auto tasks = rows * static_cast<std::size_t>(sh.splits);
  // Scores, then per task max and sum, then per task head_dim weighted values; per row a max.
  auto scratch =
      std::make_shared<DeviceArray<float>>(rows * static_cast<std::size_t>(p.kvLen) + 2 * tasks +
                                           tasks * static_cast<std::size_t>(p.headDim) + 2 * rows);
  // Rows (batch x heads, up to 2^20) on x, which has room for them; key blocks and splits on y
  // (at most 65535 each).
  const dim3 scoreGrid(static_cast<unsigned>(p.rows()), gridY(gridFor(p.kvLen, kThreads)));
  const dim3 splitGrid(static_cast<unsigned>(p.rows()), gridY(sh.splits));
  return [=](StreamView stream) {
    float* scores = scratch->data();
    float* maxes = scores + rows * static_cast<std::size_t>(sh.kvLen);
    float* sums = maxes + tasks;
    float* accs = sums + tasks;
    float* rowMax = accs + tasks * static_cast<std::size_t>(sh.headDim);
    float* totals = rowMax + rows;
    launch(DETBENCH_KERNEL(scoresKernel), {scoreGrid, kThreads}, stream, q, k, sh, scores);
    if (atomic) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(totals, 0, rows * sizeof(float), stream));
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(
          out, 0, rows * static_cast<std::size_t>(sh.headDim) * sizeof(float), stream));
      launch(DETBENCH_KERNEL(rowMaxKernel), {static_cast<unsigned>(rows), kThreads}, stream, scores,
             sh, rowMax);
    }
    launch(DETBENCH_KERNEL(splitKernel), {splitGrid, kThreads}, stream, v, scores, sh,
           atomic ? rowMax : nullptr, maxes, sums, accs, totals, out);
    const LaunchShape perRow{static_cast<unsigned>(rows), kThreads};
    if (atomic) {
      launch(DETBENCH_KERNEL(divideKernel), perRow, stream, totals, sh, out);
    } else {
      launch(DETBENCH_KERNEL(mergeKernel), perRow, stream, maxes, sums, accs, sh, out);
    }
  };
}

}  // namespace detbench::cuda
