// cuda kernels for the pooling and upsampling backward ops, with the same scatter definitions
// as the CPU (core/include/detbench/ops/PlaneScatter.hpp):
//   atomic:        one thread per output-gradient element, atomicAdd into the input gradient
//                  (PyTorch's CUDA kernels for upsample_bilinear2d, avg_pool3d and
//                  adaptive_avg_pool2d backward work this way, hence their alerts);
//   deterministic: the gather form of ops/PlaneScatter.hpp, one thread per input-gradient
//                  element (as PyTorch's max_pool2d backward on CUDA): each adds, in output
//                  order, the contributions of the outputs in its source box, so it equals the
//                  sequential scatter of the cpu device bit for bit (host-tested in
//                  tests/core/ops/PlaneScatterTest.cpp) and needs no atomics and no memset.

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/AdaptiveAvgPool2dBackwardOp.hpp"
#include "detbench/ops/AdaptiveAvgPool3dBackwardOp.hpp"
#include "detbench/ops/AvgPool3dBackwardOp.hpp"
#include "detbench/ops/MaxPool2dBackwardOp.hpp"
#include "detbench/ops/MaxPoolBackwardOps.hpp"
#include "detbench/ops/PadBackwardOps.hpp"
#include "detbench/ops/UpsampleBicubic2dBackwardOp.hpp"
#include "detbench/ops/UpsampleBilinear2dBackwardOp.hpp"
#include "detbench/ops/UpsampleLinear1dBackwardOp.hpp"
#include "detbench/ops/UpsampleTrilinear3dBackwardOp.hpp"

namespace detbench::cuda {

namespace {

template <typename Op>
__global__ void atomicPlaneScatterKernel(typename Op::Problem p,
                                         typename Op::template Args<float> a, float* out) {
  const std::int64_t g = globalIndex();
  if (g >= p.planes() * p.outPlane()) return;
  Op::scatter(p, a, g / p.outPlane(), g % p.outPlane(),
              [out](std::int64_t i, float v) { atomicAdd(out + i, v); });
}

template <typename Op>
__global__ void gatherPlaneKernel(typename Op::Problem p, typename Op::template Args<float> a,
                                  float* out) {
  const std::int64_t g = globalIndex();
  if (g >= p.planes() * p.inPlane()) return;
  out[g] = ops::planeGather<Op, float>(p, a, g / p.inPlane(), g % p.inPlane());
}

template <typename Op>
CudaRun planeScatterRun(const CudaKernelArgs& args, typename Op::template Args<float> tensors) {
  const auto p = Op::problem(args.params);
  float* out = args.device.out<float>();
  const std::size_t bytes = static_cast<std::size_t>(p.planes() * p.inPlane()) * sizeof(float);
  if (args.form == Form::Atomic) {
    const LaunchShape shape = oneThreadEach(p.planes() * p.outPlane());
    return [=](StreamView stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
      launch(DETBENCH_KERNEL(atomicPlaneScatterKernel<Op>), shape, stream, p, tensors, out);
    };
  }
  const LaunchShape shape = oneThreadEach(p.planes() * p.inPlane());
  return [=](StreamView stream) {
    launch(DETBENCH_KERNEL(gatherPlaneKernel<Op>), shape, stream, p, tensors, out);
  };
}

}  // namespace

#ifdef DETBENCH_HAVE_CUDNN
CudaRun makeMaxPool2dBackwardCudnn(const CudaKernelArgs& args);
#endif

CudaRun makeMaxPool2dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::MaxPool2dBackwardOp;
  if (param(args.params, "cudnn") != 0) {
#ifdef DETBENCH_HAVE_CUDNN
    return makeMaxPool2dBackwardCudnn(args);
#else
    DETBENCH_THROW(NotAvailable, "max_pool2d_backward with cudnn=1: built without cuDNN");
#endif
  }
  return planeScatterRun<Op>(
      args, {args.device.in<float>(Op::kGradOutput), args.device.in<std::int64_t>(Op::kIndices)});
}

CudaRun makeUpsampleBilinear2dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::UpsampleBilinear2dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeUpsampleTrilinear3dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::UpsampleTrilinear3dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeAvgPool3dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::AvgPool3dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeAdaptiveAvgPool2dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::AdaptiveAvgPool2dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeReplicationPad2dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::ReplicationPad2dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeReflectionPad2dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::ReflectionPad2dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeUpsampleBicubic2dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::UpsampleBicubic2dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

CudaRun makeUpsampleLinear1dBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::UpsampleLinear1dBackwardOp;
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

namespace {

// Gradient routed through the forward pass's argmax (max_pool3d, adaptive and fractional max
// pooling): PyTorch's CUDA backwards add it with atomicAdd where windows overlap.
template <typename Op>
CudaRun argmaxScatterRun(const CudaKernelArgs& args) {
  return planeScatterRun<Op>(
      args, {args.device.in<float>(Op::kGradOutput), args.device.in<std::int64_t>(Op::kIndices)});
}

template <typename Op>
CudaRun gradientOnlyRun(const CudaKernelArgs& args) {
  return planeScatterRun<Op>(args, {args.device.in<float>(Op::kGradOutput)});
}

}  // namespace

CudaRun makeMaxPool3dBackwardCuda(const CudaKernelArgs& args) {
  return argmaxScatterRun<ops::MaxPool3dBackwardOp>(args);
}
CudaRun makeAdaptiveMaxPool2dBackwardCuda(const CudaKernelArgs& args) {
  return argmaxScatterRun<ops::AdaptiveMaxPool2dBackwardOp>(args);
}
CudaRun makeFractionalMaxPool2dBackwardCuda(const CudaKernelArgs& args) {
  return argmaxScatterRun<ops::FractionalMaxPool2dBackwardOp>(args);
}
CudaRun makeFractionalMaxPool3dBackwardCuda(const CudaKernelArgs& args) {
  return argmaxScatterRun<ops::FractionalMaxPool3dBackwardOp>(args);
}
CudaRun makeAdaptiveAvgPool3dBackwardCuda(const CudaKernelArgs& args) {
  return gradientOnlyRun<ops::AdaptiveAvgPool3dBackwardOp>(args);
}
CudaRun makeReplicationPad1dBackwardCuda(const CudaKernelArgs& args) {
  return gradientOnlyRun<ops::ReplicationPad1dBackwardOp>(args);
}
CudaRun makeReplicationPad3dBackwardCuda(const CudaKernelArgs& args) {
  return gradientOnlyRun<ops::ReplicationPad3dBackwardOp>(args);
}
CudaRun makeReflectionPad1dBackwardCuda(const CudaKernelArgs& args) {
  return gradientOnlyRun<ops::ReflectionPad1dBackwardOp>(args);
}
CudaRun makeReflectionPad3dBackwardCuda(const CudaKernelArgs& args) {
  return gradientOnlyRun<ops::ReflectionPad3dBackwardOp>(args);
}

}  // namespace detbench::cuda
