// cpu kernels for ctc_loss backward: PyTorch's CPU order (sequential, and the deterministic
// form with the sequences spread over the threads: the same bits), and the atomic contrast of
// PyTorch's CUDA kernel, where each extended position's term is added to its class's gradient
// atomically (blanks share a class at every other position; so do repeated labels).

#include <atomic>
#include <cmath>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/CtcLossBackwardOp.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::CtcLossBackwardOp;
constexpr std::int64_t kPositionsPerTask = 4;

}  // namespace

std::function<void()> makeCtcLossBackwardKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* lp = a.inputs.at(Op::kLogProbs).as<float>().data();
  const std::int64_t* targets = a.inputs.at(Op::kTargets).as<std::int64_t>().data();
  float* grad = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  if (a.form == Form::Sequential) return [=] { Op::sequential<float>(p, lp, targets, grad); };
  const auto L = static_cast<std::size_t>(p.extended());
  const auto perSequence = static_cast<std::size_t>(p.time) * L;
  // Alpha and beta of every sequence, and each one's negative log likelihood.
  auto alpha =
      std::make_shared<std::vector<float>>(perSequence * static_cast<std::size_t>(p.batch));
  auto beta = std::make_shared<std::vector<float>>(alpha->size());
  auto nll = std::make_shared<std::vector<float>>(static_cast<std::size_t>(p.batch));
  if (a.form == Form::Deterministic) {
    return [=] {
      pool->parallelFor(p.batch, [&](std::int64_t b) {
        const auto off = static_cast<std::size_t>(b) * perSequence;
        std::vector<float> lcab(static_cast<std::size_t>(p.classes));
        const float n = Op::alphaBeta(p, lp, targets, b, alpha->data() + off, beta->data() + off);
        for (std::int64_t t = 0; t < p.time; ++t) {
          Op::gradientRow(p, lp, targets, b, t, alpha->data() + off, beta->data() + off, n,
                          lcab.data(), grad);
        }
      });
    };
  }
  return [=] {
    pool->parallelFor(p.batch, [&](std::int64_t b) {
      const auto off = static_cast<std::size_t>(b) * perSequence;
      (*nll)[static_cast<std::size_t>(b)] =
          Op::alphaBeta(p, lp, targets, b, alpha->data() + off, beta->data() + off);
    });
    for (std::int64_t i = 0; i < p.elements(); ++i) grad[i] = std::exp(lp[i]);
    const std::int64_t blocks = (p.extended() + kPositionsPerTask - 1) / kPositionsPerTask;
    pool->parallelFor(p.batch * blocks, [&](std::int64_t task) {
      const std::int64_t b = task / blocks;
      const std::int64_t s0 = (task % blocks) * kPositionsPerTask;
      const std::int64_t s1 = std::min(p.extended(), s0 + kPositionsPerTask);
      const auto off = static_cast<std::size_t>(b) * perSequence;
      const float n = (*nll)[static_cast<std::size_t>(b)];
      for (std::int64_t t = 0; t < p.time; ++t) {
        for (std::int64_t s = s0; s < s1; ++s) {
          const float term =
              Op::atomicTerm(p, lp, targets, b, t, s, alpha->data() + off, beta->data() + off, n);
          const std::int64_t c = Op::label(p, targets, b, s);
          std::atomic_ref<float>(grad[(t * p.batch + b) * p.classes + c])
              .fetch_add(term, std::memory_order_relaxed);
        }
      }
    });
  };
}

}  // namespace detbench::cpu
