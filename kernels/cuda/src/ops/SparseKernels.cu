// cuda kernels for torch.bmm(sparse, dense). PyTorch calls cuSPARSE's SpMM with COO_ALG1, and
// with COO_ALG2 (documented as bitwise deterministic) in deterministic mode; detbench stands in
// for the two with kernels of its own: one thread per (nonzero, column) adding its product into
// the output with atomicAdd (the order into a row depends on scheduling), and one thread per
// (output row, column) gathering the row's nonzeros in order with __fmaf_rn (the cpu device's
// result bit for bit: the same fused multiply-adds in the same order).

#include <cstdint>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/BmmSparseOp.hpp"

namespace detbench::cuda {

namespace {

using ops::BmmSparseOp;

__global__ void bmmSparseAtomicKernel(BmmSparseOp::Problem p, const std::int64_t* indices,
                                      const float* values, const float* dense, float* out) {
  const std::int64_t total = p.size * p.cols;
  const std::int64_t stride = gridThreads();
  for (std::int64_t t = globalIndex(); t < total; t += stride) {
    const std::int64_t k = t / p.cols, c = t % p.cols;
    // __fmul_rn: the product rounded on its own, as the cpu-threads atomic form adds it.
    atomicAdd(out + BmmSparseOp::outRow(p, indices, k) * p.cols + c,
              __fmul_rn(values[k], dense[BmmSparseOp::denseRow(p, indices, k) * p.cols + c]));
  }
}

__global__ void bmmSparseRowsKernel(BmmSparseOp::Problem p, const std::int64_t* indices,
                                    const float* values, const float* dense, float* out) {
  const std::int64_t total = p.outRows() * p.cols;
  const std::int64_t stride = gridThreads();
  for (std::int64_t t = globalIndex(); t < total; t += stride) {
    const std::int64_t row = t / p.cols, c = t % p.cols;
    float acc = 0.0f;
    for (std::int64_t k = BmmSparseOp::firstOfRow(p, indices, row);
         k < p.size && BmmSparseOp::outRow(p, indices, k) == row; ++k) {
      acc = __fmaf_rn(values[k], dense[BmmSparseOp::denseRow(p, indices, k) * p.cols + c], acc);
    }
    out[t] = acc;
  }
}

}  // namespace

CudaRun makeBmmSparseCuda(const CudaKernelArgs& args) {
  const auto p = BmmSparseOp::problem(args.params);
  const std::int64_t* indices = args.device.in<std::int64_t>(BmmSparseOp::kIndices);
  const float* values = args.device.in<float>(BmmSparseOp::kValues);
  const float* dense = args.device.in<float>(BmmSparseOp::kDense);
  float* out = args.device.out<float>();
  if (args.form == Form::Deterministic) {
    return [=](StreamView stream) {
      launch(DETBENCH_KERNEL(bmmSparseRowsKernel), gridStrideOver(p.outRows() * p.cols), stream, p,
             indices, values, dense, out);
    };
  }
  const auto outBytes = static_cast<std::size_t>(p.outRows() * p.cols) * sizeof(float);
  return [=](StreamView stream) {
    DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, outBytes, stream));
    launch(DETBENCH_KERNEL(bmmSparseAtomicKernel), gridStrideOver(p.size * p.cols), stream, p,
           indices, values, dense, out);
  };
}

}  // namespace detbench::cuda
