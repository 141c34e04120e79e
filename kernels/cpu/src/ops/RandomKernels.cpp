// cpu kernels for rand, randn and dropout (see ops/RandomOps.hpp): the `cpu` device draws
// PyTorch's CPU stream, cpu-threads the Philox stream, each element on its own, in parallel.

#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/rng/Philox.hpp"
#include "detbench/rng/RngEngines.hpp"

namespace detbench::cpu {

namespace {

constexpr std::int64_t kChunk = 1 << 14;

// Runs fill(seed, begin, end) over [0, size): on the pool in chunks, or in one go.
template <typename Fill>
std::function<void()> randomKernel(const KernelArgs& a, std::int64_t size, Fill fill) {
  auto executions = std::make_shared<std::uint64_t>(0);
  const ops::TrialSeeds seeds = a.seeds;
  ThreadPool* pool = a.pool;
  return [=] {
    const std::uint64_t seed = seeds.forExecution((*executions)++);
    if (pool == nullptr) {
      fill(seed, 0, size);
      return;
    }
    pool->parallelFor((size + kChunk - 1) / kChunk, [&](std::int64_t c) {
      fill(seed, c * kChunk, std::min(size, (c + 1) * kChunk));
    });
  };
}

}  // namespace

std::function<void()> makeRandKernel(const KernelArgs& a) {
  const auto p = ops::RandOp::problem(a.params);
  float* out = a.output.as<float>().data();
  if (a.form == Form::Sequential) {
    return randomKernel(a, p.size, [=](std::uint64_t seed, std::int64_t, std::int64_t end) {
      rng::torchRand(seed, out, end);
    });
  }
  return randomKernel(a, p.size, [=](std::uint64_t seed, std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      out[i] = rng::Philox::uniform(seed, static_cast<std::uint64_t>(i));
    }
  });
}

std::function<void()> makeRandnKernel(const KernelArgs& a) {
  const auto p = ops::RandnOp::problem(a.params);
  float* out = a.output.as<float>().data();
  if (a.form == Form::Sequential) {
    return randomKernel(a, p.size, [=](std::uint64_t seed, std::int64_t, std::int64_t end) {
      rng::torchRandn(seed, out, end);
    });
  }
  return randomKernel(a, p.size, [=](std::uint64_t seed, std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      out[i] = rng::philoxNormal(seed, static_cast<std::uint64_t>(i));
    }
  });
}

std::function<void()> makeDropoutKernel(const KernelArgs& a) {
  using Op = ops::DropoutOp;
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kInput).as<float>().data();
  float* out = a.output.as<float>().data();
  if (a.form == Form::Sequential) {
    auto uniforms = std::make_shared<std::vector<float>>(static_cast<std::size_t>(p.size));
    return randomKernel(a, p.size, [=](std::uint64_t seed, std::int64_t, std::int64_t end) {
      float* u = uniforms->data();
      rng::torchRand(seed, u, end);
      for (std::int64_t i = 0; i < end; ++i) out[i] = Op::apply(x[i], u[i], p.keep, p.scale);
    });
  }
  return randomKernel(a, p.size, [=](std::uint64_t seed, std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      const float u = rng::Philox::uniform(seed, static_cast<std::uint64_t>(i));
      out[i] = Op::apply(x[i], u, p.keep, p.scale);
    }
  });
}

}  // namespace detbench::cpu
