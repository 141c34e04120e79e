// cpu kernels for the ops that add contributions into rows chosen by an index: index_add,
// index_put_ and put_ with accumulate, scatter_add, bincount (with and without weights) and
// embedding_bag backward.

#include <cstring>
#include <memory>

#include "Accumulate.hpp"
#include "CpuKernel.hpp"
#include "detbench/ops/BincountOp.hpp"
#include "detbench/ops/EmbeddingBagBackwardOp.hpp"
#include "detbench/ops/IndexAddOp.hpp"
#include "detbench/ops/PutAccumulateOp.hpp"
#include "detbench/ops/ScatterAddOp.hpp"

namespace detbench::cpu {

namespace {

const float* f32(const KernelArgs& a, std::size_t i) {
  return a.inputs.at(i).as<float>().data();
}
const std::int64_t* i64(const KernelArgs& a, std::size_t i) {
  return a.inputs.at(i).as<std::int64_t>().data();
}

// Builds the closure for an accumulate-style op: `init` writes the starting output, then the
// contributions are added by the form's strategy.
template <typename T, typename Init, typename Target, typename Value>
std::function<void()> accumulateKernel(const KernelArgs& a, std::int64_t n, std::int64_t rows,
                                       std::int64_t cols, Init init, Target target, Value value) {
  T* out = a.output.as<T>().data();
  ThreadPool* pool = a.pool;
  switch (a.form) {
    case Form::Sequential:
      return [=] {
        init(out);
        accumulateSequential(0, n, cols, out, target, value);
      };
    case Form::Atomic:
      return [=] {
        init(out);
        accumulateAtomic(*pool, n, cols, out, target, value);
      };
    case Form::Deterministic: {
      auto scratch = std::make_shared<AccumulateScratch<T>>();
      return [=] {
        init(out);
        accumulateDeterministic(*pool, n, rows, cols, out, target, value, *scratch);
      };
    }
  }
  return {};
}

template <typename T>
auto copyFrom(const T* src, std::int64_t count) {
  return [=](T* out) { std::memcpy(out, src, sizeof(T) * static_cast<std::size_t>(count)); };
}

template <typename T>
auto zeros(std::int64_t count) {
  return [=](T* out) { std::memset(out, 0, sizeof(T) * static_cast<std::size_t>(count)); };
}

}  // namespace

std::function<void()> makeIndexAddKernel(const KernelArgs& a) {
  using Op = ops::IndexAddOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* index = i64(a, Op::kIndex);
  const float* source = f32(a, Op::kSource);
  const std::int64_t d = p.cols;
  return accumulateKernel<float>(
      a, p.size, p.rows, p.cols, copyFrom(f32(a, Op::kSelf), p.rows * p.cols),
      [=](std::int64_t k) { return index[k]; },
      [=](std::int64_t k, std::int64_t c) { return source[k * d + c]; });
}

std::function<void()> makeScatterAddKernel(const KernelArgs& a) {
  using Op = ops::ScatterAddOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* index = i64(a, Op::kIndex);
  const float* src = f32(a, Op::kSource);
  return accumulateKernel<float>(
      a, p.srcElements(), p.outElements(), 1, copyFrom(f32(a, Op::kSelf), p.outElements()),
      [=](std::int64_t k) { return p.target(k, index[k]); },
      [=](std::int64_t k, std::int64_t) { return src[k]; });
}

// index_put_ with accumulate adds as index_add does (the same inputs, in the same order).
std::function<void()> makeIndexPutAccumulateKernel(const KernelArgs& a) {
  return makeIndexAddKernel(a);
}

std::function<void()> makePutAccumulateKernel(const KernelArgs& a) {
  using Op = ops::PutAccumulateOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* index = i64(a, Op::kIndex);
  const float* src = f32(a, Op::kSource);
  return accumulateKernel<float>(
      a, p.size, p.numel(), 1, copyFrom(f32(a, Op::kSelf), p.numel()),
      [=](std::int64_t k) { return index[k]; },
      [=](std::int64_t k, std::int64_t) { return src[k]; });
}

std::function<void()> makeBincountKernel(const KernelArgs& a) {
  using Op = ops::BincountOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* values = i64(a, Op::kValues);
  return accumulateKernel<std::int64_t>(
      a, p.size, p.bins, 1, zeros<std::int64_t>(p.bins), [=](std::int64_t k) { return values[k]; },
      [](std::int64_t, std::int64_t) { return std::int64_t{1}; });
}

std::function<void()> makeBincountWeightedKernel(const KernelArgs& a) {
  using Op = ops::BincountWeightedOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* values = i64(a, Op::kValues);
  const float* weights = f32(a, Op::kWeights);
  return accumulateKernel<float>(
      a, p.size, p.bins, 1, zeros<float>(p.bins), [=](std::int64_t k) { return values[k]; },
      [=](std::int64_t k, std::int64_t) { return weights[k]; });
}

std::function<void()> makeEmbeddingBagBackwardKernel(const KernelArgs& a) {
  using Op = ops::EmbeddingBagBackwardOp;
  const auto p = Op::problem(a.params);
  const std::int64_t* indices = i64(a, Op::kIndices);
  const float* grad = f32(a, Op::kGradOutput);
  const float scale = Op::scale<float>(p);
  const std::int64_t d = p.cols, bag = p.bagSize;
  return accumulateKernel<float>(
      a, p.size, p.embeddings, p.cols, zeros<float>(p.embeddings * p.cols),
      [=](std::int64_t k) { return indices[k]; },
      [=](std::int64_t k, std::int64_t c) { return grad[(k / bag) * d + c] * scale; });
}

}  // namespace detbench::cpu
