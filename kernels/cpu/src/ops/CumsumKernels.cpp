// cpu kernels for cumsum: PyTorch's CPU running sum, the single-pass scan with decoupled
// look-back (the CUDA form, whose prefixes associate as the timing allows) and the tile scan
// with the tiles combined in order (detbench's deterministic extension). See ops/CumsumOp.hpp.

#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/CumsumOp.hpp"
#include "ops/CumsumLookBack.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::CumsumOp;

}  // namespace

std::function<void()> makeCumsumKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kInput).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const std::int64_t tiles = p.tiles();
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, x, out); };
    case Form::Atomic: {
      auto state = std::make_shared<std::vector<std::atomic<std::uint64_t>>>(
          static_cast<std::size_t>(tiles));
      return [=] {
        std::atomic<std::uint64_t>* s = state->data();
        for (std::int64_t t = 0; t < tiles; ++t) s[t].store(pack(kNothing, 0.0f));
        // Tasks are handed out in increasing order, so every predecessor a tile waits for has
        // been claimed by a running thread: the look-back cannot wait forever.
        pool->parallelForInOrder(tiles, [&](std::int64_t t) {
          const float aggregate = Op::scanTile(p, x, out, t);
          if (t == 0) {
            s[0].store(pack(kInclusive, aggregate), std::memory_order_release);
            return;
          }
          s[t].store(pack(kAggregate, aggregate), std::memory_order_release);
          const float prefix = lookBack(s, t);
          s[t].store(pack(kInclusive, prefix + aggregate), std::memory_order_release);
          Op::addPrefix(p, out, t, prefix);
        });
      };
    }
    case Form::Deterministic: {
      auto aggregates = std::make_shared<std::vector<float>>(static_cast<std::size_t>(tiles));
      return [=] {
        float* agg = aggregates->data();
        pool->parallelFor(tiles, [&](std::int64_t t) { agg[t] = Op::scanTile(p, x, out, t); });
        // Exclusive prefixes in tile order, in place: agg[t] becomes tile t's prefix.
        float inclusive = agg[0];
        for (std::int64_t t = 1; t < tiles; ++t) {
          const float prefix = inclusive;
          inclusive = prefix + agg[t];
          agg[t] = prefix;
        }
        pool->parallelFor(tiles, [&](std::int64_t t) { Op::addPrefix(p, out, t, agg[t]); });
      };
    }
  }
  return {};
}

}  // namespace detbench::cpu
