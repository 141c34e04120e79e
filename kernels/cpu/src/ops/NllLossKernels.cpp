// cpu kernels for nll_loss2d_forward (see ops/NllLoss2dForwardOp.hpp):
//   deterministic: the cascade's blocks of one level summed in parallel, the levels above them
//                  replayed in order: bitwise the sequential form (PyTorch's CPU result) for any
//                  thread count;
//   atomic:        runs of positions summed each on its own, each run's partial loss and
//                  weight added into the totals with atomic fetch_adds in whatever order the
//                  runs finish (PyTorch's CUDA kernel does this per thread block).

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/NllLoss2dForwardOp.hpp"

namespace detbench::cpu {

namespace {

constexpr std::int64_t kPositionGrain = 2048;

}  // namespace

std::function<void()> makeNllLoss2dForwardKernel(const KernelArgs& a) {
  using Op = ops::NllLoss2dForwardOp;
  const auto p = Op::problem(a.params);
  const Op::Args<float> args{a.inputs.at(Op::kInput).as<float>().data(),
                             a.inputs.at(Op::kTarget).as<std::int64_t>().data(),
                             a.inputs.at(Op::kWeight).as<float>().data()};
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  switch (a.form) {
    case Form::Sequential:
      return [=] { Op::sequential<float>(p, args, out); };
    case Form::Deterministic: {
      const int level = p.blockLevel();
      auto values =
          std::make_shared<std::vector<Op::Pair<float>>>(static_cast<std::size_t>(p.blocks(level)));
      return [=] {
        Op::Pair<float>* v = values->data();
        const std::int64_t blocks = p.blocks(level);
        const std::int64_t perTask = std::max<std::int64_t>(1, kPositionGrain / p.blockSize(level));
        pool->parallelFor((blocks + perTask - 1) / perTask, [&](std::int64_t task) {
          const std::int64_t end = std::min(blocks, (task + 1) * perTask);
          for (std::int64_t k = task * perTask; k < end; ++k) {
            v[k] = Op::blockValue(p, args, level, k);
          }
        });
        out[0] = Op::finish(p, args, level, v);
      };
    }
    case Form::Atomic: {
      auto totals = std::make_shared<Op::Pair<float>>();
      return [=] {
        Op::Pair<float>& total = *totals;
        total = {0.0f, 0.0f};
        const std::int64_t m = p.positions();
        pool->parallelFor((m + kPositionGrain - 1) / kPositionGrain, [&](std::int64_t task) {
          Op::Pair<float> run{0.0f, 0.0f};
          const std::int64_t end = std::min(m, (task + 1) * kPositionGrain);
          for (std::int64_t i = task * kPositionGrain; i < end; ++i) {
            Op::addPosition(p, args, i, run);
          }
          std::atomic_ref<float>(total.loss).fetch_add(run.loss, std::memory_order_relaxed);
          std::atomic_ref<float>(total.weight).fetch_add(run.weight, std::memory_order_relaxed);
        });
        const float weight = p.weighted ? total.weight : static_cast<float>(m);
        out[0] = p.mean ? total.loss / weight : total.loss;
      };
    }
  }
  return {};
}

}  // namespace detbench::cpu
