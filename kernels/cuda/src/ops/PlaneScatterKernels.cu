// cuda kernels for the pooling and upsampling backward ops, with the same scatter definitions
// as the CPU (core/include/detbench/ops/PlaneScatter.hpp):
//   atomic:        one thread per output-gradient element, atomicAdd into the input gradient
//                  (PyTorch's CUDA kernels for upsample_bilinear2d, avg_pool3d and
//                  adaptive_avg_pool2d backward work this way, hence their alerts);
//   deterministic: one thread per plane visiting its outputs in order, bitwise the cpu device.
//                  A simple schedule, correct but far from the GPU's speed; a gather
//                  formulation (one thread per input element, as PyTorch's max_pool2d
//                  backward) would be the fast one.

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "detbench/ops/AdaptiveAvgPool2dBackwardOp.hpp"
#include "detbench/ops/AvgPool3dBackwardOp.hpp"
#include "detbench/ops/MaxPool2dBackwardOp.hpp"
#include "detbench/ops/UpsampleBilinear2dBackwardOp.hpp"

namespace detbench::cuda {

namespace {

constexpr int kThreads = 256;

template <typename Op>
__global__ void atomicPlaneScatterKernel(typename Op::Problem p,
                                         typename Op::template Args<float> a, float* out) {
  const std::int64_t g = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (g >= p.planes() * p.outPlane()) return;
  Op::scatter(p, a, g / p.outPlane(), g % p.outPlane(),
              [out](std::int64_t i, float v) { atomicAdd(out + i, v); });
}

template <typename Op>
__global__ void sequentialPlaneKernel(typename Op::Problem p, typename Op::template Args<float> a,
                                      float* out) {
  const std::int64_t plane = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (plane >= p.planes()) return;
  for (std::int64_t o = 0; o < p.outPlane(); ++o) {
    Op::scatter(p, a, plane, o, [out](std::int64_t i, float v) { out[i] += v; });
  }
}

template <typename Op>
CudaRun planeScatterRun(const OpParams& params, const DeviceTensors& device, Form form,
                        typename Op::template Args<float> args) {
  const auto p = Op::problem(params);
  float* out = device.out<float>();
  const std::size_t bytes = static_cast<std::size_t>(p.planes() * p.inPlane()) * sizeof(float);
  if (form == Form::Atomic) {
    const auto blocks =
        static_cast<unsigned>((p.planes() * p.outPlane() + kThreads - 1) / kThreads);
    return [=](cudaStream_t stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
      atomicPlaneScatterKernel<Op><<<blocks, kThreads, 0, stream>>>(p, args, out);
      DETBENCH_CUDA_CHECK_LAUNCH();
    };
  }
  const auto blocks = static_cast<unsigned>((p.planes() + kThreads - 1) / kThreads);
  return [=](cudaStream_t stream) {
    DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
    sequentialPlaneKernel<Op><<<blocks, kThreads, 0, stream>>>(p, args, out);
    DETBENCH_CUDA_CHECK_LAUNCH();
  };
}

}  // namespace

#ifdef DETBENCH_HAVE_CUDNN
CudaRun makeMaxPool2dBackwardCudnn(const OpParams& params, const DeviceTensors& device, Form form,
                                   const CudaKernelEnv& env);
#endif

CudaRun makeMaxPool2dBackwardCuda(const OpParams& params, const OpInputs&,
                                  const DeviceTensors& device, Form form,
                                  [[maybe_unused]] const CudaKernelEnv& env) {
  using Op = ops::MaxPool2dBackwardOp;
  if (param(params, "cudnn") != 0) {
#ifdef DETBENCH_HAVE_CUDNN
    return makeMaxPool2dBackwardCudnn(params, device, form, env);
#else
    DETBENCH_THROW(NotAvailable, "max_pool2d_backward with cudnn=1: built without cuDNN");
#endif
  }
  return planeScatterRun<Op>(
      params, device, form,
      {device.in<float>(Op::kGradOutput), device.in<std::int64_t>(Op::kIndices)});
}

CudaRun makeUpsampleBilinear2dBackwardCuda(const OpParams& params, const OpInputs&,
                                           const DeviceTensors& device, Form form,
                                           const CudaKernelEnv&) {
  using Op = ops::UpsampleBilinear2dBackwardOp;
  return planeScatterRun<Op>(params, device, form, {device.in<float>(Op::kGradOutput)});
}

CudaRun makeAvgPool3dBackwardCuda(const OpParams& params, const OpInputs&,
                                  const DeviceTensors& device, Form form, const CudaKernelEnv&) {
  using Op = ops::AvgPool3dBackwardOp;
  return planeScatterRun<Op>(params, device, form, {device.in<float>(Op::kGradOutput)});
}

CudaRun makeAdaptiveAvgPool2dBackwardCuda(const OpParams& params, const OpInputs&,
                                          const DeviceTensors& device, Form form,
                                          const CudaKernelEnv&) {
  using Op = ops::AdaptiveAvgPool2dBackwardOp;
  return planeScatterRun<Op>(params, device, form, {device.in<float>(Op::kGradOutput)});
}

}  // namespace detbench::cuda
