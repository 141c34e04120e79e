// cuda kernels for the collectives (all_reduce, reduce_scatter), in the orders of their op
// headers: one thread per element computes each rank's partial and adds them in the op's order
// (the same bits as the cpu device); the arrival-order contrast gives each rank its own blocks,
// which add their partials to the result with atomicAdd in whatever order the blocks run.

#include <cstdint>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/AllReduceOp.hpp"
#include "detbench/ops/ReduceScatterOp.hpp"

namespace detbench::cuda {

namespace {

template <typename Op>
__global__ void orderedKernel(const float* x, typename Op::Problem p, float* out) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < p.size) out[i] = Op::element(p, x, i);
}

// blockIdx.y is the rank.
template <typename Op>
__global__ void arrivalKernel(const float* x, typename Op::Problem p, float* out) {
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < p.size) atomicAdd(out + i, Op::partial(p, x, static_cast<std::int64_t>(blockIdx.y), i));
}

template <typename Op>
CudaRun makeCollectiveCuda(const CudaKernelArgs& args) {
  const auto p = Op::problem(args.params);
  const float* x = args.device.in<float>(Op::kGrads);
  float* out = args.device.out<float>();
  const unsigned elementBlocks = gridFor(p.size, kThreadsPerBlock);
  if (args.form == Form::Atomic) {
    const LaunchShape shape{dim3(elementBlocks, static_cast<unsigned>(p.ranks)), kThreadsPerBlock};
    return [=](StreamView stream) {
      DETBENCH_CUDA_CHECK(
          cudaMemsetAsync(out, 0, static_cast<std::size_t>(p.size) * sizeof(float), stream));
      launch(DETBENCH_KERNEL(arrivalKernel<Op>), shape, stream, x, p, out);
    };
  }
  return [=](StreamView stream) {
    launch(DETBENCH_KERNEL(orderedKernel<Op>), {elementBlocks, kThreadsPerBlock}, stream, x, p,
           out);
  };
}

}  // namespace

CudaRun makeAllReduceCuda(const CudaKernelArgs& args) {
  return makeCollectiveCuda<ops::AllReduceOp>(args);
}

CudaRun makeReduceScatterCuda(const CudaKernelArgs& args) {
  return makeCollectiveCuda<ops::ReduceScatterOp>(args);
}

}  // namespace detbench::cuda
