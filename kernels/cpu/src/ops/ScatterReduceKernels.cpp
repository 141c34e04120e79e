// cpu kernels for scatter_reduce (sum, mean, amax, prod) over a 1-D tensor.
//   sequential:    ScatterReduceOp::sequential, index order.
//   atomic:        tasks of kAtomicGrain contributions; sum and mean add with fetch_add, amax
//                  and prod combine with a compare-and-swap loop (the order of the products
//                  depends on scheduling; the maximum does not).
//   deterministic: sum and mean through the accumulate schedules (Accumulate.hpp); amax and
//                  prod in one pass in index order (the sequential reference's bits).
// The mean's counts are integers, counted in one pass: exact in any order.

#include <atomic>
#include <memory>
#include <vector>

#include "Accumulate.hpp"
#include "CpuKernel.hpp"
#include "detbench/ops/ScatterReduceOp.hpp"

namespace detbench::cpu {

namespace {

using ops::ScatterReduction;

template <ScatterReduction R>
void combineAtomic(ThreadPool& pool, std::int64_t n, float* out, const std::int64_t* index,
                   const float* src) {
  const std::int64_t tasks = (n + kAtomicGrain - 1) / kAtomicGrain;
  pool.parallelFor(tasks, [&](std::int64_t task) {
    const std::int64_t end = std::min(n, (task + 1) * kAtomicGrain);
    for (std::int64_t k = task * kAtomicGrain; k < end; ++k) {
      std::atomic_ref<float> slot(out[index[k]]);
      float current = slot.load(std::memory_order_relaxed);
      while (!slot.compare_exchange_weak(current, ops::combineScatter<R>(current, src[k]),
                                         std::memory_order_relaxed)) {
      }
    }
  });
}

template <ScatterReduction R>
std::function<void()> scatterReduceKernel(const KernelArgs& a) {
  using Op = ops::ScatterReduceOp<R>;
  const auto p = Op::problem(a.params);
  const float* self = a.inputs.at(Op::kSelf).template as<float>().data();
  const std::int64_t* index = a.inputs.at(Op::kIndex).template as<std::int64_t>().data();
  const float* src = a.inputs.at(Op::kSource).template as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const Form form = a.form;
  if (form == Form::Sequential)
    return [=] { Op::template sequential<float>(p, self, index, src, out); };

  constexpr bool adds = R == ScatterReduction::Sum || R == ScatterReduction::Mean;
  // Scratch kept across trials: the steady state allocates nothing.
  struct Scratch {
    AccumulateScratch<float> accumulate;
    std::vector<std::int64_t> counts;
  };
  auto scratch = std::make_shared<Scratch>();
  return [=] {
    if (!adds && form == Form::Deterministic) {
      Op::template sequential<float>(p, self, index, src, out);
      return;
    }
    std::memcpy(out, self, sizeof(float) * static_cast<std::size_t>(p.outSize));
    if constexpr (adds) {
      const auto target = [=](std::int64_t k) { return index[k]; };
      const auto value = [=](std::int64_t k, std::int64_t) { return src[k]; };
      if (form == Form::Atomic) {
        accumulateAtomic(*pool, p.size, 1, out, target, value);
      } else {
        accumulateDeterministic(*pool, p.size, p.outSize, 1, out, target, value,
                                scratch->accumulate);
      }
      if constexpr (R == ScatterReduction::Mean) {
        scratch->counts.resize(static_cast<std::size_t>(p.outSize));
        Op::countTerms(p, index, scratch->counts.data());
        Op::divideByCounts(p, scratch->counts.data(), out);
      }
    } else {
      combineAtomic<R>(*pool, p.size, out, index, src);
    }
  };
}

}  // namespace

std::function<void()> makeScatterReduceSumKernel(const KernelArgs& a) {
  return scatterReduceKernel<ScatterReduction::Sum>(a);
}
std::function<void()> makeScatterReduceMeanKernel(const KernelArgs& a) {
  return scatterReduceKernel<ScatterReduction::Mean>(a);
}
std::function<void()> makeScatterReduceAmaxKernel(const KernelArgs& a) {
  return scatterReduceKernel<ScatterReduction::Amax>(a);
}
std::function<void()> makeScatterReduceProdKernel(const KernelArgs& a) {
  return scatterReduceKernel<ScatterReduction::Prod>(a);
}

}  // namespace detbench::cpu
