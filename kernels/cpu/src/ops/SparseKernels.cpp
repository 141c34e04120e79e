// cpu kernels for torch.bmm(sparse, dense): the sequential pass in PyTorch's CPU order (cpu),
// an atomic form standing in for cuSPARSE's COO_ALG1 (each nonzero's products added into its
// output row with relaxed atomic adds; the order into a row depends on scheduling), and the
// deterministic form standing in for COO_ALG2 (each output row gathers its nonzeros in order,
// one fused multiply-add per element: the sequential result bit for bit, at any thread count).

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

#include "CpuKernel.hpp"
#include "detbench/ops/BmmSparseOp.hpp"

namespace detbench::cpu {

namespace {

// Output rows per deterministic task; tasks of the atomic form.
constexpr std::int64_t kRowsPerTask = 16;
constexpr std::int64_t kAtomicTasks = 64;

}  // namespace

std::function<void()> makeBmmSparseKernel(const KernelArgs& a) {
  using Op = ops::BmmSparseOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* indices = a.inputs.at(Op::kIndices).as<std::int64_t>().data();
  const float* values = a.inputs.at(Op::kValues).as<float>().data();
  const float* dense = a.inputs.at(Op::kDense).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const std::int64_t n = p.cols;
  const auto outBytes = static_cast<std::size_t>(p.outRows() * n) * sizeof(float);
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, indices, values, dense, out); };
    case Form::Atomic:
      return [=] {
        std::memset(out, 0, outBytes);
        // Strided like a GPU grid: task t takes nonzeros t, t + T, t + 2T, ..., so the
        // nonzeros of one output row (consecutive, as the COO is sorted) are spread over many
        // tasks and the order of their adds depends on scheduling.
        const std::int64_t tasks = std::min<std::int64_t>(p.size, kAtomicTasks);
        pool->parallelFor(tasks, [&](std::int64_t t) {
          for (std::int64_t k = t; k < p.size; k += tasks) {
            float* dst = out + Op::outRow(p, indices, k) * n;
            const float* src = dense + Op::denseRow(p, indices, k) * n;
            for (std::int64_t c = 0; c < n; ++c) {
              std::atomic_ref<float>(dst[c]).fetch_add(values[k] * src[c],
                                                       std::memory_order_relaxed);
            }
          }
        });
      };
    case Form::Deterministic:
      return [=] {
        const std::int64_t tasks = (p.outRows() + kRowsPerTask - 1) / kRowsPerTask;
        pool->parallelFor(tasks, [&](std::int64_t task) {
          const std::int64_t first = task * kRowsPerTask;
          const std::int64_t last = std::min(p.outRows(), first + kRowsPerTask);
          std::int64_t k = Op::firstOfRow(p, indices, first);
          for (std::int64_t row = first; row < last; ++row) {
            float* dst = out + row * n;
            std::fill(dst, dst + n, 0.0f);
            for (; k < p.size && Op::outRow(p, indices, k) == row; ++k) {
              const float* src = dense + Op::denseRow(p, indices, k) * n;
              for (std::int64_t c = 0; c < n; ++c) dst[c] = std::fma(values[k], src[c], dst[c]);
            }
          }
        });
      };
  }
  return {};
}

}  // namespace detbench::cpu
