// cpu kernels for the collectives (all_reduce, reduce_scatter): each op's fixed order
// (sequential, and deterministic over blocks of elements: the same bits at any thread count) and
// the arrival-order contrast, where each rank's partial of a block is added to the result
// atomically, the ranks of one block running on different threads at once. The ops share the
// data's layout and differ in the order their element() adds the ranks.

#include <algorithm>
#include <atomic>

#include "CpuKernel.hpp"
#include "detbench/ops/AllReduceOp.hpp"
#include "detbench/ops/ReduceScatterOp.hpp"

namespace detbench::cpu {

namespace {

constexpr std::int64_t kBlock = 4096;

template <typename Op>
std::function<void()> makeCollectiveKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kGrads).template as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const std::int64_t blocks = (p.size + kBlock - 1) / kBlock;
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::template sequential<float>(p, x, out); };
    case Form::Deterministic:
      return [=] {
        pool->parallelFor(blocks, [&](std::int64_t b) {
          const std::int64_t end = std::min(p.size, (b + 1) * kBlock);
          for (std::int64_t i = b * kBlock; i < end; ++i) out[i] = Op::element(p, x, i);
        });
      };
    case Form::Atomic:
      return [=] {
        std::fill(out, out + p.size, 0.0f);
        // Task t is rank t % ranks of block t / ranks: a block's ranks are taken one after
        // another by whichever threads are free, and add as they get there.
        pool->parallelFor(blocks * p.ranks, [&](std::int64_t t) {
          const std::int64_t r = t % p.ranks;
          const std::int64_t b = t / p.ranks;
          const std::int64_t end = std::min(p.size, (b + 1) * kBlock);
          for (std::int64_t i = b * kBlock; i < end; ++i) {
            std::atomic_ref<float>(out[i]).fetch_add(Op::partial(p, x, r, i),
                                                     std::memory_order_relaxed);
          }
        });
      };
  }
  return {};
}

}  // namespace

std::function<void()> makeAllReduceKernel(const KernelArgs& a) {
  return makeCollectiveKernel<ops::AllReduceOp>(a);
}

std::function<void()> makeReduceScatterKernel(const KernelArgs& a) {
  return makeCollectiveKernel<ops::ReduceScatterOp>(a);
}

}  // namespace detbench::cpu
