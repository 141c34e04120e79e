// cpu kernels for histc: the sequential count, PyTorch's CUDA form (a float atomic add of 1.0
// per value) and detbench's deterministic extension (exact int64 atomic counts, converted once).

#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/HistcOp.hpp"

namespace detbench::cpu {

namespace {

constexpr std::int64_t kChunk = 1 << 14;

}  // namespace

std::function<void()> makeHistcKernel(const KernelArgs& a) {
  using Op = ops::HistcOp;
  const auto p = Op::problem(a.params);
  const float* x = a.inputs.at(Op::kInput).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const std::int64_t chunks = (p.size + kChunk - 1) / kChunk;
  auto forEachValue = [=](std::int64_t c, auto&& add) {
    const std::int64_t end = std::min(p.size, (c + 1) * kChunk);
    for (std::int64_t i = c * kChunk; i < end; ++i) {
      const std::int64_t b = Op::binOf(x[i], p.bins);
      if (b >= 0) add(b);
    }
  };
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, x, out); };
    case Form::Atomic:
      return [=] {
        for (std::int64_t b = 0; b < p.bins; ++b) out[b] = 0.0f;
        pool->parallelFor(chunks, [&](std::int64_t c) {
          forEachValue(c, [&](std::int64_t b) {
            std::atomic_ref<float>(out[b]).fetch_add(1.0f, std::memory_order_relaxed);
          });
        });
      };
    case Form::Deterministic: {
      auto counts = std::make_shared<std::vector<std::int64_t>>(static_cast<std::size_t>(p.bins));
      return [=] {
        std::int64_t* n = counts->data();
        for (std::int64_t b = 0; b < p.bins; ++b) n[b] = 0;
        pool->parallelFor(chunks, [&](std::int64_t c) {
          forEachValue(c, [&](std::int64_t b) {
            std::atomic_ref<std::int64_t>(n[b]).fetch_add(1, std::memory_order_relaxed);
          });
        });
        for (std::int64_t b = 0; b < p.bins; ++b) out[b] = static_cast<float>(n[b]);
      };
    }
  }
  return {};
}

}  // namespace detbench::cpu
