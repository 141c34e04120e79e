// cpu kernels for cumsum: PyTorch's CPU running sum, the single-pass scan with decoupled
// look-back (the CUDA form, whose prefixes associate as the timing allows) and the tile scan
// with the tiles combined in order (detbench's deterministic extension). See ops/CumsumOp.hpp.

#include <atomic>
#include <bit>
#include <memory>
#include <thread>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/CumsumOp.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::CumsumOp;

// A tile's published state: what it holds (nothing, its aggregate, or its inclusive prefix) in
// the high word and the float's bits in the low word, stored and read as one atomic word.
enum : std::uint64_t { kNothing = 0, kAggregate = 1, kInclusive = 2 };

std::uint64_t pack(std::uint64_t flag, float value) {
  return flag << 32 | std::bit_cast<std::uint32_t>(value);
}
float valueOf(std::uint64_t word) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(word));
}

// Walks back from tile t - 1, adding aggregates until a predecessor's inclusive prefix is found.
float lookBack(const std::atomic<std::uint64_t>* state, std::int64_t t) {
  bool have = false;
  float acc = 0.0f;
  for (std::int64_t j = t - 1;; --j) {
    std::uint64_t word;
    while (((word = state[j].load(std::memory_order_acquire)) >> 32) == kNothing) {
      std::this_thread::yield();
    }
    const float v = valueOf(word);
    acc = have ? v + acc : v;
    have = true;
    if ((word >> 32) == kInclusive) return acc;
  }
}

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
        pool->parallelFor(tiles, [&](std::int64_t t) {
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
