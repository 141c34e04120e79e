// cpu kernels for the pooling, padding and upsampling backward ops (see ops/PlaneScatter.hpp):
//   deterministic: planes in parallel, each plane's outputs visited in order without atomics
//                  (bitwise the sequential reference for any thread count);
//   atomic:        small runs of output elements handed out dynamically across all planes, so
//                  neighbouring rows with overlapping windows are processed by different
//                  threads at once, each contribution added with an atomic fetch_add.

#include <algorithm>
#include <atomic>
#include <cstring>

#include "CpuKernel.hpp"
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

namespace detbench::cpu {

namespace {

constexpr std::int64_t kOutputGrain = 64;

template <typename Op>
std::function<void()> planeScatterKernel(const KernelArgs& a,
                                         const typename Op::template Args<float>& args) {
  const auto p = Op::problem(a.params);
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  auto zeroPlane = [=](std::int64_t plane) {
    std::memset(out + plane * p.inPlane(), 0,
                sizeof(float) * static_cast<std::size_t>(p.inPlane()));
  };
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::template sequential<float>(p, args, out); };
    case Form::Deterministic:
      return [=] {
        pool->parallelFor(p.planes(), [&](std::int64_t plane) {
          zeroPlane(plane);
          for (std::int64_t o = 0; o < p.outPlane(); ++o) {
            Op::scatter(p, args, plane, o, [out](std::int64_t i, float v) { out[i] += v; });
          }
        });
      };
    case Form::Atomic:
      return [=] {
        pool->parallelFor(p.planes(), zeroPlane);
        const std::int64_t total = p.planes() * p.outPlane();
        pool->parallelFor((total + kOutputGrain - 1) / kOutputGrain, [&](std::int64_t task) {
          const std::int64_t end = std::min(total, (task + 1) * kOutputGrain);
          for (std::int64_t g = task * kOutputGrain; g < end; ++g) {
            Op::scatter(p, args, g / p.outPlane(), g % p.outPlane(),
                        [out](std::int64_t i, float v) {
                          std::atomic_ref<float>(out[i]).fetch_add(v, std::memory_order_relaxed);
                        });
          }
        });
      };
  }
  return {};
}

const float* f32(const KernelArgs& a, std::size_t i) {
  return a.inputs.at(i).as<float>().data();
}

}  // namespace

std::function<void()> makeMaxPool2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::MaxPool2dBackwardOp;
  return planeScatterKernel<Op>(
      a, {f32(a, Op::kGradOutput), a.inputs.at(Op::kIndices).as<std::int64_t>().data()});
}

std::function<void()> makeUpsampleBilinear2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::UpsampleBilinear2dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeUpsampleTrilinear3dBackwardKernel(const KernelArgs& a) {
  using Op = ops::UpsampleTrilinear3dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeAvgPool3dBackwardKernel(const KernelArgs& a) {
  using Op = ops::AvgPool3dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeAdaptiveAvgPool2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::AdaptiveAvgPool2dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeReplicationPad2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::ReplicationPad2dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeReflectionPad2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::ReflectionPad2dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeUpsampleBicubic2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::UpsampleBicubic2dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

std::function<void()> makeUpsampleLinear1dBackwardKernel(const KernelArgs& a) {
  using Op = ops::UpsampleLinear1dBackwardOp;
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

namespace {

template <typename Op>
std::function<void()> argmaxScatterKernel(const KernelArgs& a) {
  return planeScatterKernel<Op>(
      a, {f32(a, Op::kGradOutput), a.inputs.at(Op::kIndices).template as<std::int64_t>().data()});
}

template <typename Op>
std::function<void()> gradientOnlyKernel(const KernelArgs& a) {
  return planeScatterKernel<Op>(a, {f32(a, Op::kGradOutput)});
}

}  // namespace

std::function<void()> makeMaxPool3dBackwardKernel(const KernelArgs& a) {
  return argmaxScatterKernel<ops::MaxPool3dBackwardOp>(a);
}
std::function<void()> makeAdaptiveMaxPool2dBackwardKernel(const KernelArgs& a) {
  return argmaxScatterKernel<ops::AdaptiveMaxPool2dBackwardOp>(a);
}
std::function<void()> makeFractionalMaxPool2dBackwardKernel(const KernelArgs& a) {
  return argmaxScatterKernel<ops::FractionalMaxPool2dBackwardOp>(a);
}
std::function<void()> makeFractionalMaxPool3dBackwardKernel(const KernelArgs& a) {
  return argmaxScatterKernel<ops::FractionalMaxPool3dBackwardOp>(a);
}
std::function<void()> makeAdaptiveAvgPool3dBackwardKernel(const KernelArgs& a) {
  return gradientOnlyKernel<ops::AdaptiveAvgPool3dBackwardOp>(a);
}
std::function<void()> makeReplicationPad1dBackwardKernel(const KernelArgs& a) {
  return gradientOnlyKernel<ops::ReplicationPad1dBackwardOp>(a);
}
std::function<void()> makeReplicationPad3dBackwardKernel(const KernelArgs& a) {
  return gradientOnlyKernel<ops::ReplicationPad3dBackwardOp>(a);
}
std::function<void()> makeReflectionPad1dBackwardKernel(const KernelArgs& a) {
  return gradientOnlyKernel<ops::ReflectionPad1dBackwardOp>(a);
}
std::function<void()> makeReflectionPad3dBackwardKernel(const KernelArgs& a) {
  return gradientOnlyKernel<ops::ReflectionPad3dBackwardOp>(a);
}

}  // namespace detbench::cpu
