// cpu kernels for grid_sampler_2d_backward (see ops/GridSampler2dBackwardOp.hpp):
//   deterministic: planes (batch x channel) in parallel, each in PyTorch's CPU order without
//                  atomics: bitwise the sequential reference for any thread count;
//   atomic:        runs of grid points handed out dynamically, each point adding its four
//                  corners for every channel with atomic fetch_adds, as PyTorch's CUDA kernel
//                  does with one thread per point: points that share a pixel race.

#include <algorithm>
#include <atomic>
#include <cstring>

#include "CpuKernel.hpp"
#include "detbench/ops/GridSampler2dBackwardOp.hpp"

namespace detbench::cpu {

namespace {

constexpr std::int64_t kPointGrain = 64;

}  // namespace

std::function<void()> makeGridSampler2dBackwardKernel(const KernelArgs& a) {
  using Op = ops::GridSampler2dBackwardOp;
  const auto p = Op::problem(a.params);
  const Op::Args<float> args{a.inputs.at(Op::kGradOutput).as<float>().data(),
                             a.inputs.at(Op::kGrid).as<float>().data()};
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  auto zeroPlane = [=](std::int64_t plane) {
    std::memset(out + plane * p.inPlane(), 0,
                sizeof(float) * static_cast<std::size_t>(p.inPlane()));
  };
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, args, out); };
    case Form::Deterministic:
      return [=] {
        pool->parallelFor(p.planes(), [&](std::int64_t plane) {
          zeroPlane(plane);
          Op::planeInCpuOrder(p, args, plane, [out](std::int64_t i, float v) { out[i] += v; });
        });
      };
    case Form::Atomic:
      return [=] {
        pool->parallelFor(p.planes(), zeroPlane);
        const std::int64_t total = p.batch * p.points();
        pool->parallelFor((total + kPointGrain - 1) / kPointGrain, [&](std::int64_t task) {
          const std::int64_t end = std::min(total, (task + 1) * kPointGrain);
          for (std::int64_t g = task * kPointGrain; g < end; ++g) {
            Op::scatterPoint(
                p, args, g / p.points(), g % p.points(), [out](std::int64_t i, float v) {
                  std::atomic_ref<float>(out[i]).fetch_add(v, std::memory_order_relaxed);
                });
          }
        });
      };
  }
  return {};
}

}  // namespace detbench::cpu
