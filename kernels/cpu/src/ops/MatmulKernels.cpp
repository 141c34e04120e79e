// cpu kernels for matmul: each output element's k products added left to right (sequential,
// and the deterministic form with rows spread over the threads, the same bits); for a batch too
// small to keep the threads busy, the deterministic form splits k as libraries do and adds the
// slices in order (the same bits every run, other bits for another batch size or thread
// count; batch_invariant = 1 turns that off); and the split-K contrast, where each k slice's
// partial product is added to the output atomically.

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/MatmulOp.hpp"

namespace detbench::cpu {

namespace {

using Op = ops::MatmulOp;
constexpr std::int64_t kRowBlock = 8;

void copyToOtherStreams(const Op::Problem& p, float* out) {
  const auto bytes = sizeof(float) * static_cast<std::size_t>(p.productElements());
  for (std::int64_t s = 1; s < p.streams; ++s)
    std::memcpy(out + s * p.productElements(), out, bytes);
}

}  // namespace

std::function<void()> makeMatmulKernel(const KernelArgs& a) {
  const auto p = Op::problem(a.params);
  const float* A = a.inputs.at(Op::kA).as<float>().data();
  const float* B = a.inputs.at(Op::kB).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const std::int64_t rowBlocks = (p.m + kRowBlock - 1) / kRowBlock;
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, A, B, out); };
    case Form::Deterministic: {
      const std::int64_t rowTasks = rowBlocks * p.streams;
      const std::int64_t slices = Op::splitKSlices(p, rowTasks, pool->size());
      if (slices == 1) {
        return [=] {
          // Every stream's product is computed (as on the GPU), each by rows in k order.
          pool->parallelFor(rowTasks, [&](std::int64_t task) {
            const std::int64_t s = task / rowBlocks;
            const std::int64_t r0 = (task % rowBlocks) * kRowBlock;
            const std::int64_t r1 = std::min(p.m, r0 + kRowBlock);
            float* acc = out + s * p.productElements() + r0 * p.n;
            std::memset(acc, 0, sizeof(float) * static_cast<std::size_t>((r1 - r0) * p.n));
            Op::rowsTimesB(p, A, B, acc, r0, r1, 0, p.k);
          });
        };
      }
      // Split-K: slice j of k goes to its own partial product (one per stream and slice); the
      // slices are then added in slice order, so the bits repeat but depend on `slices`.
      auto partials = std::make_shared<std::vector<float>>(
          static_cast<std::size_t>(p.streams * slices * p.productElements()));
      return [=] {
        float* part = partials->data();
        std::fill(partials->begin(), partials->end(), 0.0f);
        pool->parallelFor(rowTasks * slices, [&](std::int64_t task) {
          const std::int64_t j = task % slices;
          const std::int64_t s = (task / slices) / rowBlocks;
          const std::int64_t r0 = ((task / slices) % rowBlocks) * kRowBlock;
          const std::int64_t r1 = std::min(p.m, r0 + kRowBlock);
          float* acc = part + (s * slices + j) * p.productElements() + r0 * p.n;
          Op::rowsTimesB(p, A, B, acc, r0, r1, j * p.k / slices, (j + 1) * p.k / slices);
        });
        pool->parallelFor(rowTasks, [&](std::int64_t task) {
          const std::int64_t s = task / rowBlocks;
          const std::int64_t r0 = (task % rowBlocks) * kRowBlock;
          const std::int64_t r1 = std::min(p.m, r0 + kRowBlock);
          float* dst = out + s * p.productElements();
          for (std::int64_t i = r0 * p.n; i < r1 * p.n; ++i) {
            float acc = part[s * slices * p.productElements() + i];
            for (std::int64_t j = 1; j < slices; ++j)
              acc += part[(s * slices + j) * p.productElements() + i];
            dst[i] = acc;
          }
        });
      };
    }
    case Form::Atomic:
      return [=] {
        std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(p.productElements()));
        pool->parallelFor(rowBlocks * p.slices(), [&](std::int64_t task) {
          const std::int64_t r0 = (task / p.slices()) * kRowBlock;
          const std::int64_t r1 = std::min(p.m, r0 + kRowBlock);
          const std::int64_t k0 = (task % p.slices()) * Op::kSplit;
          const std::int64_t k1 = std::min(p.k, k0 + Op::kSplit);
          std::vector<float> partial(static_cast<std::size_t>((r1 - r0) * p.n), 0.0f);
          Op::rowsTimesB(p, A, B, partial.data(), r0, r1, k0, k1);
          for (std::int64_t i = 0; i < (r1 - r0) * p.n; ++i) {
            std::atomic_ref<float>(out[r0 * p.n + i])
                .fetch_add(partial[static_cast<std::size_t>(i)], std::memory_order_relaxed);
          }
        });
        copyToOtherStreams(p, out);
      };
  }
  return {};
}

}  // namespace detbench::cpu
