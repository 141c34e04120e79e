// cuda kernels for rand, randn and dropout: detbench's Philox stream (rng/Philox.hpp), one
// thread per element, the seed of each trial as ops/RandomOps.hpp says. rand and dropout equal
// cpu-threads bit for bit (integer arithmetic and one exact conversion); randn uses the device's
// double log, sin and cos, which may differ from glibc's in the last bit before rounding to float.

#include <cstdint>
#include <memory>
#include <numbers>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/RandomOps.hpp"
#include "detbench/rng/Philox.hpp"

namespace detbench::cuda {

namespace {

using rng::Philox;
constexpr double kTwoPi = 2.0 * std::numbers::pi;

__device__ float philoxNormal(std::uint64_t seed, std::uint64_t i) {
  const std::uint64_t pair = i & ~std::uint64_t{1};
  const double u1 = 1.0 - static_cast<double>(Philox::uniform(seed, pair));
  const double u2 = static_cast<double>(Philox::uniform(seed, pair + 1));
  const double r = sqrt(-2.0 * log(u1));
  const double theta = kTwoPi * u2;
  return static_cast<float>((i & 1) ? r * sin(theta) : r * cos(theta));
}

__global__ void randKernel(std::uint64_t seed, std::int64_t size, bool normal, float* out) {
  const std::int64_t i = globalIndex();
  if (i >= size) return;
  const auto u = static_cast<std::uint64_t>(i);
  out[i] = normal ? philoxNormal(seed, u) : Philox::uniform(seed, u);
}

__global__ void dropoutKernel(std::uint64_t seed, std::int64_t size, const float* x, float keep,
                              float scale, float* out) {
  const std::int64_t i = globalIndex();
  if (i >= size) return;
  const float u = Philox::uniform(seed, static_cast<std::uint64_t>(i));
  out[i] = ops::DropoutOp::apply(x[i], u, keep, scale);
}

ops::TrialSeeds seedsOf(const CudaKernelArgs& args) {
  return {args.context.seed(), args.context.seedWasSet()};
}

CudaRun makeRandom(const CudaKernelArgs& args, bool normal) {
  const auto p = ops::RandOp::problem(args.params);
  float* out = args.device.out<float>();
  auto executions = std::make_shared<std::uint64_t>(0);
  const ops::TrialSeeds seeds = seedsOf(args);
  return [=](StreamView stream) {
    const std::uint64_t seed = seeds.forExecution((*executions)++);
    launch(DETBENCH_KERNEL(randKernel), oneThreadEach(p.size), stream, seed, p.size, normal, out);
  };
}

}  // namespace

CudaRun makeRandCuda(const CudaKernelArgs& args) {
  return makeRandom(args, false);
}

CudaRun makeRandnCuda(const CudaKernelArgs& args) {
  return makeRandom(args, true);
}

CudaRun makeDropoutCuda(const CudaKernelArgs& args) {
  using Op = ops::DropoutOp;
  const auto p = Op::problem(args.params);
  const float* x = args.device.in<float>(Op::kInput);
  float* out = args.device.out<float>();
  auto executions = std::make_shared<std::uint64_t>(0);
  const ops::TrialSeeds seeds = seedsOf(args);
  return [=](StreamView stream) {
    const std::uint64_t seed = seeds.forExecution((*executions)++);
    launch(DETBENCH_KERNEL(dropoutKernel), oneThreadEach(p.size), stream, seed, p.size, x, p.keep,
           p.scale, out);
  };
}

}  // namespace detbench::cuda
