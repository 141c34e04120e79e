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

using Op = ops::SoftmaxOp;

__global__ void rowMaxKernel(const float* x, std::int64_t cols, float* maxima) {
  __shared__ float best[kThreadsPerBlock];
  const float* r = x + static_cast<std::int64_t>(blockIdx.x) * cols;
  float m = r[0];
  for (std::int64_t j = threadIdx.x; j < cols; j += kThreadsPerBlock) m = fmaxf(m, r[j]);
  m = blockTreeReduce<kThreadsPerBlock>(m, best, true);
  if (threadIdx.x == 0) maxima[blockIdx.x] = m;
}

__global__ void sliceExpSumKernel(const float* x, const float* maxima, std::int64_t cols,
                                  std::int64_t slices, bool atomic, float* partials) {
  __shared__ float sums[kThreadsPerBlock];
  const std::int64_t row = blockIdx.y;
  const std::int64_t slice = blockIdx.x;
  const std::int64_t c0 = atomic ? slice * Op::kSlice : slice * cols / slices;
  const std::int64_t c1 =
      atomic ? (c0 + Op::kSlice < cols ? c0 + Op::kSlice : cols) : (slice + 1) * cols / slices;
  const float* r = x + row * cols;
  const float m = maxima[row];
  float acc = 0.0f;
  for (std::int64_t j = c0 + threadIdx.x; j < c1; j += kThreadsPerBlock) acc += expf(r[j] - m);
  const float sum = blockTreeReduce<kThreadsPerBlock>(acc, sums, false);
  if (threadIdx.x != 0) return;
  if (atomic) {
    atomicAdd(partials + row, sum);
  } else {
    partials[row * slices + slice] = sum;
  }
}

__global__ void finishKernel(const float* x, const float* maxima, const float* partials,
                             std::int64_t cols, std::int64_t slices, bool log, float* y) {
  const std::int64_t row = blockIdx.y;
  const std::int64_t j = globalIndex();
  if (j >= cols) return;
  float total = partials[row * slices];
  for (std::int64_t s = 1; s < slices; ++s) total += partials[row * slices + s];
  const float v = x[row * cols + j] - maxima[row];
  y[row * cols + j] = log ? v - logf(total) : expf(v) / total;
}

}  // namespace

CudaRun makeSoftmaxCuda(const CudaKernelArgs& args) {
  const auto p = Op::problem(args.params);
  const float* x = args.device.in<float>(Op::kX);
  float* y = args.device.out<float>();
  const bool atomic = args.form == Form::Atomic;
  std::int64_t slices = 1;
  if (atomic) {
    slices = p.atomicSlices();
    *args.algorithm = "slices of " + std::to_string(Op::kSlice) + " columns, atomicAdd";
  } else if (!p.batchInvariant) {
    slices = slicesToFill(p.rows, p.cols, Op::kSlice);
    *args.algorithm = slices == 1 ? std::string("one block per row")
                                  : "each row's sum split over " + std::to_string(slices) +
                                        " blocks (the batch does not fill the device)";
  } else {
    *args.algorithm = "one block per row (batch-invariant)";
  }
  const std::int64_t partialCount = atomic ? p.rows : p.rows * slices;
  auto scratch =
      std::make_shared<DeviceArray<float>>(static_cast<std::size_t>(partialCount + p.rows));
  const dim3 sumGrid(static_cast<unsigned>(slices), gridY(p.rows));
  const dim3 finishGrid(gridFor(p.cols), gridY(p.rows));
  return [=](StreamView stream) {
    float* maxima = scratch->data();
    float* part = maxima + p.rows;
    launch(DETBENCH_KERNEL(rowMaxKernel), {static_cast<unsigned>(p.rows), kThreadsPerBlock}, stream,
           x, p.cols, maxima);
    if (atomic) {
      DETBENCH_CUDA_CHECK(
          cudaMemsetAsync(part, 0, static_cast<std::size_t>(partialCount) * sizeof(float), stream));
    }
    launch(DETBENCH_KERNEL(sliceExpSumKernel), {sumGrid, kThreadsPerBlock}, stream, x, maxima,
           p.cols, slices, atomic, part);
    launch(DETBENCH_KERNEL(finishKernel), {finishGrid, kThreadsPerBlock}, stream, x, maxima, part,
           p.cols, atomic ? 1 : slices, p.log, y);
  };
}

}  // namespace detbench::cuda
