// cpu kernels for softmax and log_softmax: each row's exponentials added left to right
// (sequential, and the deterministic form with rows spread over the threads: the same bits);
// for a batch with fewer rows than threads the deterministic form splits each row's sum as
// libraries do and adds the slices in order (batch_invariant = 1 turns that off); and the
// atomic contrast, where each slice's partial sum is added to its row's total atomically.

#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/SoftmaxOp.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::SoftmaxOp;

}  // namespace

std::function<void()> makeSoftmaxKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kX).as<float>().data();
  float* y = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  if (a.form == Form::Sequential) return [=] { Op::sequential<float>(p, x, y); };
  const std::int64_t slices =
      a.form == Form::Atomic ? p.atomicSlices() : Op::splitSlices(p, pool->size());
  if (a.form == Form::Deterministic && slices == 1) {
    return [=] {
      pool->parallelFor(p.rows, [&](std::int64_t r) {
        const float m = Op::rowMax(p, x, r);
        Op::finish(p, x, r, m, Op::expSum(p, x, r, m, 0, p.cols), y);
      });
    };
  }
  const bool atomic = a.form == Form::Atomic;
  auto maxima = std::make_shared<std::vector<float>>(static_cast<std::size_t>(p.rows));
  auto partials = std::make_shared<std::vector<float>>(
      static_cast<std::size_t>(atomic ? p.rows : p.rows * slices));
  return [=] {
    float* m = maxima->data();
    float* part = partials->data();
    pool->parallelFor(p.rows, [&](std::int64_t r) { m[r] = Op::rowMax(p, x, r); });
    if (atomic) std::fill(partials->begin(), partials->end(), 0.0f);
    pool->parallelFor(p.rows * slices, [&](std::int64_t task) {
      const std::int64_t r = task / slices;
      const std::int64_t j = task % slices;
      if (atomic) {
        const std::int64_t c0 = j * Op::kSlice;
        const std::int64_t c1 = std::min(p.cols, c0 + Op::kSlice);
        std::atomic_ref<float>(part[r]).fetch_add(Op::expSum(p, x, r, m[r], c0, c1),
                                                  std::memory_order_relaxed);
      } else {
        part[task] = Op::expSum(p, x, r, m[r], j * p.cols / slices, (j + 1) * p.cols / slices);
      }
    });
    pool->parallelFor(p.rows, [&](std::int64_t r) {
      float total = part[atomic ? r : r * slices];
      for (std::int64_t j = 1; !atomic && j < slices; ++j) total += part[r * slices + j];
      Op::finish(p, x, r, m[r], total, y);
    });
  };
}

}  // namespace detbench::cpu
