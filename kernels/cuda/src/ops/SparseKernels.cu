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

using Op = ops::BmmSparseOp;

__global__ void bmmSparseAtomicKernel(Op::Problem p, const std::int64_t* indices,
                                      const float* values, const float* dense, float* out) {
  const std::int64_t total = p.size * p.cols;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t t = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; t < total;
       t += stride) {
    const std::int64_t k = t / p.cols, c = t % p.cols;
    // __fmul_rn: the product rounded on its own, as the cpu-threads atomic form adds it.
    atomicAdd(out + Op::outRow(p, indices, k) * p.cols + c,
              __fmul_rn(values[k], dense[Op::denseRow(p, indices, k) * p.cols + c]));
  }
}

__global__ void bmmSparseRowsKernel(Op::Problem p, const std::int64_t* indices, const float* values,
                                    const float* dense, float* out) {
  const std::int64_t total = p.outRows() * p.cols;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t t = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; t < total;
       t += stride) {
    const std::int64_t row = t / p.cols, c = t % p.cols;
    float acc = 0.0f;
    for (std::int64_t k = Op::firstOfRow(p, indices, row);
         k < p.size && Op::outRow(p, indices, k) == row; ++k) {
      acc = __fmaf_rn(values[k], dense[Op::denseRow(p, indices, k) * p.cols + c], acc);
    }
    out[t] = acc;
  }
}

}  // namespace

CudaRun makeBmmSparseCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                          Form form, const CudaKernelEnv&) {
  const auto p = Op::problem(params);
  const std::int64_t* indices = device.in<std::int64_t>(Op::kIndices);
  const float* values = device.in<float>(Op::kValues);
  const float* dense = device.in<float>(Op::kDense);
  float* out = device.out<float>();
  if (form == Form::Deterministic) {
    return [=](cudaStream_t stream) {
      bmmSparseRowsKernel<<<gridForStride(p.outRows() * p.cols), kThreadsPerBlock, 0, stream>>>(
          p, indices, values, dense, out);
      DETBENCH_CUDA_CHECK_LAUNCH();
    };
  }
  const auto outBytes = static_cast<std::size_t>(p.outRows() * p.cols) * sizeof(float);
  return [=](cudaStream_t stream) {
    DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, outBytes, stream));
    bmmSparseAtomicKernel<<<gridForStride(p.size * p.cols), kThreadsPerBlock, 0, stream>>>(
        p, indices, values, dense, out);
    DETBENCH_CUDA_CHECK_LAUNCH();
  };
}

}  // namespace detbench::cuda
