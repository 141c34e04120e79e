// cpu kernels for the three convolution passes. Sequential and deterministic: every output
// element sums its terms in the fixed order of ops/Conv2dOps.hpp (tasks split the elements, not
// the sums, so both give the same bits). Atomic contrast, as cuDNN's atomic algorithms do:
// forward adds per-channel-group partial sums, backward data scatters each output gradient
// into the input positions it came from, backward filter adds one partial per image.

#include <atomic>
#include <cstring>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/Conv2dOps.hpp"

namespace detbench::cpu {

namespace {

constexpr std::int64_t kChannelGroup = 4;

void atomicAdd(float& target, float v) {
  std::atomic_ref<float>(target).fetch_add(v, std::memory_order_relaxed);
}

// A whole sum is stored; a partial one is added atomically.
void store(float& target, float v, bool partial) {
  if (partial) {
    atomicAdd(target, v);
  } else {
    target = v;
  }
}

void zero(float* out, std::int64_t n) {
  std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(n));
}

}  // namespace

std::function<void()> makeConv2dForwardKernel(const KernelArgs& a) {
  using Op = ops::Conv2dForwardOp;
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kX).as<float>().data();
  const float* w = a.inputs.at(Op::kW).as<float>().data();
  float* y = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const std::int64_t planes = p.n * p.k;
  auto plane = [=](std::int64_t task, std::int64_t c0, std::int64_t c1, bool atomic) {
    const std::int64_t ni = task / p.k, ki = task % p.k;
    for (std::int64_t pi = 0; pi < p.p(); ++pi)
      for (std::int64_t qi = 0; qi < p.q(); ++qi) {
        store(y[p.yAt(ni, ki, pi, qi)], p.forwardAt(x, w, ni, ki, pi, qi, c0, c1), atomic);
      }
  };
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, x, w, y); };
    case Form::Deterministic:
      return [=] { pool->parallelFor(planes, [&](std::int64_t t) { plane(t, 0, p.c, false); }); };
    case Form::Atomic: {
      const std::int64_t groups = (p.c + kChannelGroup - 1) / kChannelGroup;
      return [=] {
        zero(y, numel(p.yShape()));
        pool->parallelFor(planes * groups, [&](std::int64_t t) {
          const std::int64_t c0 = (t % groups) * kChannelGroup;
          plane(t / groups, c0, std::min(p.c, c0 + kChannelGroup), true);
        });
      };
    }
  }
  return {};
}

std::function<void()> makeConv2dBackwardDataKernel(const KernelArgs& a) {
  using Op = ops::Conv2dBackwardDataOp;
  const auto p = Op::problem(a.params);
  const float* dy = a.inputs.at(Op::kDy).as<float>().data();
  const float* w = a.inputs.at(Op::kW).as<float>().data();
  float* dx = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, dy, w, dx); };
    case Form::Deterministic:
      return [=] {
        pool->parallelFor(p.n * p.c, [&](std::int64_t t) {
          const std::int64_t ni = t / p.c, ci = t % p.c;
          for (std::int64_t yy = 0; yy < p.h; ++yy)
            for (std::int64_t xx = 0; xx < p.w; ++xx)
              dx[p.xAt(ni, ci, yy, xx)] = p.dataAt(dy, w, ni, ci, yy, xx);
        });
      };
    case Form::Atomic:
      return [=] {
        zero(dx, numel(p.xShape()));
        pool->parallelFor(p.n * p.k, [&](std::int64_t t) {
          const std::int64_t ni = t / p.k, ki = t % p.k;
          for (std::int64_t pi = 0; pi < p.p(); ++pi)
            for (std::int64_t qi = 0; qi < p.q(); ++qi) {
              const float g = dy[p.yAt(ni, ki, pi, qi)];
              for (std::int64_t ci = 0; ci < p.c; ++ci)
                for (std::int64_t ri = 0; ri < p.r; ++ri) {
                  const std::int64_t yy = p.inRow(pi, ri);
                  if (yy < 0) continue;
                  for (std::int64_t si = 0; si < p.s; ++si) {
                    const std::int64_t xx = p.inCol(qi, si);
                    if (xx >= 0) atomicAdd(dx[p.xAt(ni, ci, yy, xx)], g * w[p.wAt(ki, ci, ri, si)]);
                  }
                }
            }
        });
      };
  }
  return {};
}

std::function<void()> makeConv2dBackwardFilterKernel(const KernelArgs& a) {
  using Op = ops::Conv2dBackwardFilterOp;
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kX).as<float>().data();
  const float* dy = a.inputs.at(Op::kDy).as<float>().data();
  float* dw = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  auto filterRows = [=](std::int64_t ki, std::int64_t n0, std::int64_t n1, bool atomic) {
    for (std::int64_t ci = 0; ci < p.c; ++ci)
      for (std::int64_t ri = 0; ri < p.r; ++ri)
        for (std::int64_t si = 0; si < p.s; ++si) {
          store(dw[p.wAt(ki, ci, ri, si)], p.filterAt(x, dy, ki, ci, ri, si, n0, n1), atomic);
        }
  };
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, x, dy, dw); };
    case Form::Deterministic:
      return
          [=] { pool->parallelFor(p.k, [&](std::int64_t ki) { filterRows(ki, 0, p.n, false); }); };
    case Form::Atomic:
      return [=] {
        zero(dw, numel(p.wShape()));
        pool->parallelFor(p.k * p.n,
                          [&](std::int64_t t) { filterRows(t / p.n, t % p.n, t % p.n + 1, true); });
      };
  }
  return {};
}

}  // namespace detbench::cpu
