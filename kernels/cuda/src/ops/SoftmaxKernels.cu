// cuda kernels for softmax and log_softmax. One block per row finds its maximum (exact in any
// order); blocks of kThreadsPerBlock threads sum slices of a row's exponentials (thread t adds
// columns t, t + 256, ... of its slice, then a fixed tree in shared memory); a third kernel
// writes the row. As for rms_norm, the number of slices is the strategy: deterministic splits a
// row over as many blocks as fill the device when the batch is small (slices added in order:
// the same bits every run, other bits for another batch size), batch_invariant = 1 keeps one
// block per row, atomic adds slices of kSlice columns with atomicAdd.

#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "RowSplit.cuh"
#include "detbench/ops/SoftmaxOp.hpp"

namespace detbench::cuda {

namespace {

using ops::SoftmaxOp;

__global__ void softmaxRowMaxKernel(const float* x, std::int64_t cols, float* maxima) {
  __shared__ float best[kThreadsPerBlock];
  const float* r = x + static_cast<std::int64_t>(blockIdx.x) * cols;
  float m = r[0];
  for (std::int64_t j = threadIdx.x; j < cols; j += kThreadsPerBlock) m = fmaxf(m, r[j]);
  m = blockTreeReduce<kThreadsPerBlock>(m, best, true);
  if (threadIdx.x == 0) maxima[blockIdx.x] = m;
}

// Block (slice, row) sums its slice's exponentials into its partial (RowSlices).
__global__ void sliceExpSumKernel(const float* x, const float* maxima, std::int64_t cols,
                                  RowSlices plan, float* partials) {
  __shared__ float sums[kThreadsPerBlock];
  const std::int64_t row = blockIdx.y;
  const std::int64_t slice = blockIdx.x;
  const std::int64_t c0 = plan.begin(slice, cols);
  const std::int64_t c1 = plan.end(slice, cols);
  const float* r = x + row * cols;
  const float m = maxima[row];
  float acc = 0.0f;
  for (std::int64_t j = c0 + threadIdx.x; j < c1; j += kThreadsPerBlock) acc += expf(r[j] - m);
  const float sum = blockTreeReduce<kThreadsPerBlock>(acc, sums, false);
  if (threadIdx.x != 0) return;
  plan.store(partials, row, slice, sum);
}

__global__ void softmaxFinishKernel(const float* x, const float* maxima, const float* partials,
                                    std::int64_t cols, RowSlices plan, bool log, float* y) {
  const std::int64_t row = blockIdx.y;
  const std::int64_t j = globalIndex();
  if (j >= cols) return;
  const float total = plan.total(partials, row);
  const float v = x[row * cols + j] - maxima[row];
  y[row * cols + j] = log ? v - logf(total) : expf(v) / total;
}

}  // namespace

CudaRun makeSoftmaxCuda(const CudaKernelArgs& args) {
  const auto p = SoftmaxOp::problem(args.params);
  const float* x = args.device.in<float>(SoftmaxOp::kX);
  float* y = args.device.out<float>();
  const RowSlices plan =
      planRowSlices(args.form, p.batchInvariant, p.rows, p.cols, SoftmaxOp::kSlice,
                    p.atomicSlices(), "row's sum", *args.algorithm);
  const std::int64_t partialCount = plan.partials(p.rows);
  // The rows' maxima, then the partial sums.
  auto scratch =
      std::make_shared<DeviceArray<float>>(static_cast<std::size_t>(partialCount + p.rows));
  const dim3 sumGrid(static_cast<unsigned>(plan.slices), gridY(p.rows));
  const dim3 finishGrid(gridFor(p.cols), gridY(p.rows));
  return [=](StreamView stream) {
    float* maxima = scratch->data();
    float* part = maxima + p.rows;
    launch(DETBENCH_KERNEL(softmaxRowMaxKernel), {static_cast<unsigned>(p.rows), kThreadsPerBlock},
           stream, x, p.cols, maxima);
    if (plan.atomic) {
      DETBENCH_CUDA_CHECK(
          cudaMemsetAsync(part, 0, static_cast<std::size_t>(partialCount) * sizeof(float), stream));
    }
    launch(DETBENCH_KERNEL(sliceExpSumKernel), {sumGrid, kThreadsPerBlock}, stream, x, maxima,
           p.cols, plan, part);
    launch(DETBENCH_KERNEL(softmaxFinishKernel), {finishGrid, kThreadsPerBlock}, stream, x, maxima,
           part, p.cols, plan, p.log, y);
  };
}

}  // namespace detbench::cuda
