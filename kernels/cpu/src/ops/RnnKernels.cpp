// cpu kernels for the RNN and LSTM ops (see RnnOps.hpp): the sequential reference; on
// cpu-threads the deterministic form, the same order with the batch rows of each step (forward
// and backward through time) and the rows of the weight gradient spread over the threads (the
// cpu device's bits); and the atomic contrasts: the forward's dot products cut into slices
// added to the pre-activations with atomics, and each time step's share of the weight gradient
// summed on its own thread and added to the result with atomics, in whatever order the tasks
// finish.

#include <atomic>
#include <memory>
#include <vector>

#include "CpuKernel.hpp"
#include "detbench/ops/RnnOps.hpp"

namespace detbench::cpu {

namespace {

using ops::RnnProblem;

struct RnnBuffers {
  const float* x;
  const float* wIh;
  const float* wHh;
  const float* bIh;
  const float* bHh;

  explicit RnnBuffers(const OpInputs& in)
      : x(in.at(0).as<float>().data()),
        wIh(in.at(1).as<float>().data()),
        wHh(in.at(2).as<float>().data()),
        bIh(in.at(3).as<float>().data()),
        bHh(in.at(4).as<float>().data()) {}
};

// The forward pass with each step's batch rows over the threads.
void forwardThreads(const RnnProblem& p, const RnnBuffers& in, float* saved, ThreadPool& pool) {
  const std::vector<float> zeros(static_cast<std::size_t>(p.hidden), 0.0f);
  const std::int64_t per = p.savedPerRow();
  for (std::int64_t t = 0; t < p.time; ++t) {
    pool.parallelFor(p.batch, [&](std::int64_t b) {
      const float* prev = t == 0 ? nullptr : saved + ((t - 1) * p.batch + b) * per;
      p.forwardRow(in.x + (t * p.batch + b) * p.input, in.wIh, in.wHh, in.bIh, in.bHh,
                   prev ? prev + p.gateRows() + p.hidden : zeros.data(),
                   prev ? prev + p.gateRows() : zeros.data(), saved + (t * p.batch + b) * per);
    });
  }
}

// The backward pass through time with each step's batch rows over the threads.
void backwardThreads(const RnnProblem& p, const float* dy, const float* wHh, const float* saved,
                     float* dGates, ThreadPool& pool) {
  const auto h = static_cast<std::size_t>(p.hidden);
  std::vector<float> dh(h * 2 * static_cast<std::size_t>(p.batch), 0.0f);
  std::vector<float> dc(dh.size(), 0.0f);
  const std::int64_t per = p.savedPerRow();
  for (std::int64_t t = p.time - 1; t >= 0; --t) {
    const std::size_t in = static_cast<std::size_t>((p.time - 1 - t) % 2) * h;
    const std::size_t out = h - in;
    pool.parallelFor(p.batch, [&](std::int64_t b) {
      const std::size_t row = static_cast<std::size_t>(b) * 2 * h;
      p.backwardRow(dy + (t * p.batch + b) * p.hidden, dh.data() + row + in, dc.data() + row + in,
                    saved + (t * p.batch + b) * per,
                    t == 0 ? nullptr : saved + ((t - 1) * p.batch + b) * per, wHh,
                    dGates + (t * p.batch + b) * p.gateRows(), dh.data() + row + out,
                    dc.data() + row + out);
    });
  }
}

}  // namespace

std::function<void()> makeRnnForwardKernel(const KernelArgs& a) {
  const RnnProblem p = ops::rnnProblem(a.params);
  const RnnBuffers in(a.inputs);
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  const bool atomic = a.form == Form::Atomic;
  auto saved = std::make_shared<std::vector<float>>(
      static_cast<std::size_t>(p.time * p.batch * p.savedPerRow()));
  const std::vector<float> zeros(static_cast<std::size_t>(p.hidden), 0.0f);
  // The atomic contrast: each step's dot products over input and hidden cut into slices of
  // kSlice terms, a task per (row, slice), its partial sums added with atomics.
  constexpr std::int64_t kSlice = 16;
  const std::int64_t slices = (p.input + p.hidden + kSlice - 1) / kSlice;
  return [=] {
    if (pool == nullptr) {
      p.forward(in.x, in.wIh, in.wHh, in.bIh, in.bHh, saved->data());
    } else if (!atomic) {
      forwardThreads(p, in, saved->data(), *pool);
    } else {
      const std::int64_t per = p.savedPerRow();
      for (std::int64_t t = 0; t < p.time; ++t) {
        auto prevOf = [&](std::int64_t b) {
          return t == 0 ? nullptr : saved->data() + ((t - 1) * p.batch + b) * per;
        };
        pool->parallelFor(p.batch, [&](std::int64_t b) {
          float* act = saved->data() + (t * p.batch + b) * per;
          for (std::int64_t r = 0; r < p.gateRows(); ++r) act[r] = in.bIh[r] + in.bHh[r];
        });
        pool->parallelFor(p.batch * slices, [&](std::int64_t task) {
          const std::int64_t b = task / slices;
          const std::int64_t k0 = (task % slices) * kSlice;
          const std::int64_t k1 = std::min(p.input + p.hidden, k0 + kSlice);
          const float* prev = prevOf(b);
          const float* h = prev ? prev + p.gateRows() + p.hidden : zeros.data();
          float* act = saved->data() + (t * p.batch + b) * per;
          for (std::int64_t r = 0; r < p.gateRows(); ++r) {
            float part = 0.0f;
            if (k0 < p.input)
              part += p.inputDot(in.x + (t * p.batch + b) * p.input, in.wIh, r, k0,
                                 std::min(k1, p.input));
            if (k1 > p.input) {
              part += p.hiddenDot(h, in.wHh, r, std::max(k0, p.input) - p.input, k1 - p.input);
            }
            std::atomic_ref<float>(act[r]).fetch_add(part, std::memory_order_relaxed);
          }
        });
        pool->parallelFor(p.batch, [&](std::int64_t b) {
          const float* prev = prevOf(b);
          p.activate(prev ? prev + p.gateRows() : zeros.data(),
                     saved->data() + (t * p.batch + b) * per);
        });
      }
    }
    const std::int64_t per = p.savedPerRow();
    for (std::int64_t tb = 0; tb < p.time * p.batch; ++tb) {
      const float* h = saved->data() + tb * per + p.gateRows() + p.hidden;
      std::copy(h, h + p.hidden, out + tb * p.hidden);
    }
  };
}

std::function<void()> makeRnnBackwardWeightsKernel(const KernelArgs& a) {
  using Op = ops::RnnBackwardWeightsOp;
  const RnnProblem p = ops::rnnProblem(a.params);
  const RnnBuffers in(a.inputs);
  const float* dy = a.inputs.at(Op::kDy).as<float>().data();
  float* out = a.output.as<float>().data();
  ThreadPool* pool = a.pool;
  if (a.form == Form::Sequential) {
    return [=] { Op::sequential<float>(p, in.x, in.wIh, in.wHh, in.bIh, in.bHh, dy, out); };
  }
  auto saved = std::make_shared<std::vector<float>>(
      static_cast<std::size_t>(p.time * p.batch * p.savedPerRow()));
  auto dGates = std::make_shared<std::vector<float>>(
      static_cast<std::size_t>(p.time * p.batch * p.gateRows()));
  const std::int64_t n = p.weightElements();
  if (a.form == Form::Deterministic) {
    return [=] {
      forwardThreads(p, in, saved->data(), *pool);
      backwardThreads(p, dy, in.wHh, saved->data(), dGates->data(), *pool);
      // The gradient's elements in chunks, one per task, each summed in the sequential order.
      const std::int64_t chunk = std::max<std::int64_t>(p.input, p.hidden);
      pool->parallelFor((n + chunk - 1) / chunk, [&](std::int64_t task) {
        const std::int64_t end = std::min(n, (task + 1) * chunk);
        for (std::int64_t e = task * chunk; e < end; ++e) {
          out[e] = p.weightGradient(e, in.x, dGates->data(), saved->data(), 0, p.time);
        }
      });
    };
  }
  return [=] {
    forwardThreads(p, in, saved->data(), *pool);
    backwardThreads(p, dy, in.wHh, saved->data(), dGates->data(), *pool);
    std::fill(out, out + n, 0.0f);
    // One task per time step: its share of every element, added atomically.
    pool->parallelFor(p.time, [&](std::int64_t t) {
      for (std::int64_t e = 0; e < n; ++e) {
        const float share = p.weightGradient(e, in.x, dGates->data(), saved->data(), t, t + 1);
        std::atomic_ref<float>(out[e]).fetch_add(share, std::memory_order_relaxed);
      }
    });
  };
}

}  // namespace detbench::cpu
