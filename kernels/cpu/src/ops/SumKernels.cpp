// cpu kernels for sum: the fixed tree (sequential and deterministic, the same bits) and the
// atomic-partials contrast, where each chunk's partial is added to the result atomically in
// whatever order the chunks finish.

#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/SumOp.hpp"

namespace detbench::cpu {

std::function<void()> makeSumKernel(const KernelArgs& a) {
  using Op = ops::SumOp;
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kInput).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, x, out); };
    case Form::Deterministic: {
      auto partials = std::make_shared<std::vector<float>>(static_cast<std::size_t>(p.chunks()));
      return [=] {
        float* part = partials->data();
        pool->parallelFor(p.chunks(), [&](std::int64_t c) { part[c] = Op::chunkSum(p, x, c); });
        out[0] = Op::treeReduce(part, p.chunks());
      };
    }
    case Form::Atomic:
      return [=] {
        out[0] = 0.0f;
        pool->parallelFor(p.chunks(), [&](std::int64_t c) {
          std::atomic_ref<float>(out[0]).fetch_add(Op::chunkSum(p, x, c),
                                                   std::memory_order_relaxed);
        });
      };
  }
  return {};
}

}  // namespace detbench::cpu
