// cpu kernels for decode_attention: one split per (sequence, head) (sequential, and the
// deterministic form when the rows fill the threads: the same bits); split-KV with the splits
// merged in order (the deterministic form when the batch is small, with a count that depends
// on it; with batch_invariant = 1 splits of a fixed size); and the atomic contrast, each split's
// contribution, rescaled to the row's maximum, added to the output atomically.

#include <atomic>
#include <cmath>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/DecodeAttentionOp.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::DecodeAttentionOp;

// The largest score of row r (for the atomic form, which rescales every split to it).
float rowMaxScore(const Op::Problem& p, const float* q, const float* k, std::int64_t r) {
  const float scale = static_cast<float>(p.scale());
  float best = -INFINITY;
  for (std::int64_t l = 0; l < p.kvLen; ++l) {
    float dot = 0.0f;
    for (std::int64_t d = 0; d < p.headDim; ++d) {
      dot += q[r * p.headDim + d] * k[(r * p.kvLen + l) * p.headDim + d];
    }
    best = std::max(best, dot * scale);
  }
  return best;
}

}  // namespace

std::function<void()> makeDecodeAttentionKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* q = a.inputs.at(Op::kQ).as<float>().data();
  const float* k = a.inputs.at(Op::kK).as<float>().data();
  const float* v = a.inputs.at(Op::kV).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  if (a.form == Form::Sequential) return [=] { Op::sequential<float>(p, q, k, v, out); };
  const std::int64_t splits = a.form == Form::Atomic
                                  ? Op::splits({p.batch, p.heads, p.headDim, p.kvLen, true}, 1)
                                  : Op::splits(p, pool->size());
  const auto rows = p.rows();
  auto maxes = std::make_shared<std::vector<float>>(static_cast<std::size_t>(rows * splits));
  auto sums = std::make_shared<std::vector<float>>(static_cast<std::size_t>(rows * splits));
  auto accs =
      std::make_shared<std::vector<float>>(static_cast<std::size_t>(rows * splits * p.headDim));
  if (a.form == Form::Deterministic) {
    return [=] {
      float* m = maxes->data();
      float* s = sums->data();
      float* acc = accs->data();
      pool->parallelFor(rows * splits, [&](std::int64_t task) {
        const std::int64_t r = task / splits;
        const std::int64_t j = task % splits;
        const std::int64_t l0 = Op::splitBegin(p, splits, j);
        const std::int64_t l1 = j + 1 == splits ? p.kvLen : Op::splitBegin(p, splits, j + 1);
        Op::split(p, q, k, v, r, l0, l1, m[task], s[task], acc + task * p.headDim);
      });
      pool->parallelFor(rows, [&](std::int64_t r) {
        Op::merge(p, splits, m + r * splits, s + r * splits, acc + r * splits * p.headDim,
                  out + r * p.headDim);
      });
    };
  }
  // Atomic: every split rescaled to the row's maximum and added in whatever order they finish.
  auto totals = std::make_shared<std::vector<float>>(static_cast<std::size_t>(rows));
  return [=] {
    float* m = maxes->data();
    float* total = totals->data();
    std::fill(totals->begin(), totals->end(), 0.0f);
    std::fill(out, out + rows * p.headDim, 0.0f);
    pool->parallelFor(rows, [&](std::int64_t r) { m[r] = rowMaxScore(p, q, k, r); });
    pool->parallelFor(rows * splits, [&](std::int64_t task) {
      const std::int64_t r = task / splits;
      const std::int64_t j = task % splits;
      const std::int64_t l0 = std::min(p.kvLen, j * Op::kFixedSplit);
      const std::int64_t l1 = std::min(p.kvLen, l0 + Op::kFixedSplit);
      float localMax;
      float sum;
      std::vector<float> acc(static_cast<std::size_t>(p.headDim));
      Op::split(p, q, k, v, r, l0, l1, localMax, sum, acc.data());
      const float w = std::exp(localMax - m[r]);
      std::atomic_ref<float>(total[r]).fetch_add(sum * w, std::memory_order_relaxed);
      for (std::int64_t d = 0; d < p.headDim; ++d) {
        std::atomic_ref<float>(out[r * p.headDim + d])
            .fetch_add(acc[static_cast<std::size_t>(d)] * w, std::memory_order_relaxed);
      }
    });
    pool->parallelFor(rows, [&](std::int64_t r) {
      for (std::int64_t d = 0; d < p.headDim; ++d) out[r * p.headDim + d] /= total[r];
    });
  };
}

}  // namespace detbench::cpu
