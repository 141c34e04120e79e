// cpu kernels for rms_norm: each row's squares added left to right (sequential, and the
// deterministic form with rows spread over the threads: the same bits); for a batch with fewer
// rows than threads, the deterministic form splits each row as libraries do and adds the
// slices in order (the same bits every run, other bits for another batch size or thread count;
// batch_invariant = 1 turns that off); and the atomic contrast, where each slice's partial sum
// of squares is added to its row's total atomically.

#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/RmsNormOp.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::RmsNormOp;

}  // namespace

std::function<void()> makeRmsNormKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kX).as<float>().data();
  const float* w = a.inputs.at(Op::kWeight).as<float>().data();
  float* y = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, x, w, y); };
    case Form::Deterministic: {
      const std::int64_t slices = Op::splitSlices(p, pool->size());
      if (slices == 1) {
        return [=] {
          pool->parallelFor(p.rows, [&](std::int64_t r) {
            Op::normalise(p, x, w, Op::squares(p, x, r, 0, p.cols), r, y);
          });
        };
      }
      auto partials =
          std::make_shared<std::vector<float>>(static_cast<std::size_t>(p.rows * slices));
      return [=] {
        float* part = partials->data();
        pool->parallelFor(p.rows * slices, [&](std::int64_t task) {
          const std::int64_t r = task / slices;
          const std::int64_t j = task % slices;
          part[task] = Op::squares(p, x, r, j * p.cols / slices, (j + 1) * p.cols / slices);
        });
        pool->parallelFor(p.rows, [&](std::int64_t r) {
          float total = part[r * slices];
          for (std::int64_t j = 1; j < slices; ++j) total += part[r * slices + j];
          Op::normalise(p, x, w, total, r, y);
        });
      };
    }
    case Form::Atomic: {
      auto totals = std::make_shared<std::vector<float>>(static_cast<std::size_t>(p.rows));
      return [=] {
        float* total = totals->data();
        std::fill(totals->begin(), totals->end(), 0.0f);
        const std::int64_t slices = p.atomicSlices();
        pool->parallelFor(p.rows * slices, [&](std::int64_t task) {
          const std::int64_t r = task / slices;
          const std::int64_t c0 = (task % slices) * Op::kSlice;
          const std::int64_t c1 = std::min(p.cols, c0 + Op::kSlice);
          std::atomic_ref<float>(total[r]).fetch_add(Op::squares(p, x, r, c0, c1),
                                                     std::memory_order_relaxed);
        });
        pool->parallelFor(p.rows, [&](std::int64_t r) { Op::normalise(p, x, w, total[r], r, y); });
      };
    }
  }
  return {};
}

}  // namespace detbench::cpu
