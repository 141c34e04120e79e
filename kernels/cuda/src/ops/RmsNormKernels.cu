// cuda kernels for rms_norm. A block of kThreadsPerBlock threads reduces a slice of a row (thread
// t adds columns t, t + 256, ... of the slice left to right, then a fixed tree in shared memory
// folds the threads), and a second kernel scales the row. How many slices a row is cut into is
// the strategy:
//  - deterministic (PyTorch-like default): one slice per row when the batch has rows enough to
//    fill the device (2 blocks per SM), otherwise each row is cut into as many slices as fill
//    it, and the slices' partial sums are added in slice order. The same bits every run; other
//    bits for another batch size (and on another GPU model);
//  - batch_invariant = 1: always one block per row (batch_invariant_ops' data-parallel rows);
//  - atomic: slices of kSlice columns whose partial sums are added to the row's total with
//    atomicAdd, in whatever order the blocks finish.
// The tree is not the `cpu` device's left-to-right order: the bits are this kernel's own.

#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "RowSplit.cuh"
#include "detbench/ops/RmsNormOp.hpp"

namespace detbench::cuda {

namespace {

using ops::RmsNormOp;

// Block (slice, row) sums the squares of its slice into its partial (RowSlices).
__global__ void sliceSquaresKernel(const float* x, std::int64_t cols, RowSlices plan,
                                   float* partials) {
  __shared__ float sums[kThreadsPerBlock];
  const std::int64_t row = blockIdx.y;
  const std::int64_t slice = blockIdx.x;
  const std::int64_t c0 = plan.begin(slice, cols);
  const std::int64_t c1 = plan.end(slice, cols);
  const float* r = x + row * cols;
  float acc = 0.0f;
  for (std::int64_t j = c0 + threadIdx.x; j < c1; j += kThreadsPerBlock) acc += r[j] * r[j];
  const float sum = blockTreeReduce<kThreadsPerBlock>(acc, sums, false);
  if (threadIdx.x != 0) return;
  plan.store(partials, row, slice, sum);
}

// Scales row blockIdx.y by its total, its partials added in slice order.
__global__ void normaliseKernel(const float* x, const float* w, const float* partials,
                                std::int64_t cols, RowSlices plan, float* y) {
  const std::int64_t row = blockIdx.y;
  const std::int64_t j = globalIndex();
  if (j >= cols) return;
  const float total = plan.total(partials, row);
  const float inv = 1.0f / sqrtf(total / static_cast<float>(cols) + RmsNormOp::kEps);
  y[row * cols + j] = x[row * cols + j] * inv * w[j];
}

}  // namespace

CudaRun makeRmsNormCuda(const CudaKernelArgs& args) {
  const auto p = RmsNormOp::problem(args.params);
  const float* x = args.device.in<float>(RmsNormOp::kX);
  const float* w = args.device.in<float>(RmsNormOp::kWeight);
  float* y = args.device.out<float>();
  const RowSlices plan = planRowSlices(args.form, p.batchInvariant, p.rows, p.cols,
                                       RmsNormOp::kSlice, p.atomicSlices(), "row", *args.algorithm);
  auto partials =
      std::make_shared<DeviceArray<float>>(static_cast<std::size_t>(plan.partials(p.rows)));
  const dim3 reduceGrid(static_cast<unsigned>(plan.slices), gridY(p.rows));
  const dim3 scaleGrid(gridFor(p.cols), gridY(p.rows));
  return [=](StreamView stream) {
    float* part = partials->data();
    if (plan.atomic) DETBENCH_CUDA_CHECK(cudaMemsetAsync(part, 0, partials->bytes(), stream));
    launch(DETBENCH_KERNEL(sliceSquaresKernel), {reduceGrid, kThreadsPerBlock}, stream, x, p.cols,
           plan, part);
    launch(DETBENCH_KERNEL(normaliseKernel), {scaleGrid, kThreadsPerBlock}, stream, x, w, part,
           p.cols, plan, y);
  };
}

}  // namespace detbench::cuda
