// cpu kernels for the ops that only the `cpu` device runs (their sequential reference, PyTorch's
// CPU order; cpu-threads does not offer them, and the torch device runs PyTorch's own kernels).

#include <string>

#include "CpuKernel.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/ops/EmbeddingGradientOps.hpp"
#include "detbench/ops/IndexGradientOps.hpp"
#include "detbench/ops/IndexReduceProdOp.hpp"
#include "detbench/ops/IndexWriteOps.hpp"
#include "detbench/ops/MaxUnpoolOps.hpp"
#include "detbench/ops/SelectionOps.hpp"

namespace detbench::cpu {

namespace {

template <typename Op>
void requireSequential(const KernelArgs& a) {
  if (a.form != Form::Sequential) {
    DETBENCH_THROW(NotAvailable, "op " + std::string(Op::kName) +
                                     " has only the cpu device's sequential reference");
  }
}

const float* f32(const KernelArgs& a, std::size_t i) {
  return a.inputs.at(i).as<float>().data();
}

const std::int64_t* i64(const KernelArgs& a, std::size_t i) {
  return a.inputs.at(i).as<std::int64_t>().data();
}

template <typename Op>
std::function<void()> indexWriteKernel(const KernelArgs& a) {
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const float* self = f32(a, Op::kSelf);
  const std::int64_t* index = i64(a, Op::kIndex);
  const float* values = f32(a, Op::kValues);
  float* out = a.output.as<float>().data();
  return [=] { Op::template sequential<float>(p, self, index, values, out); };
}

template <typename Op>
std::function<void()> indexGradientKernel(const KernelArgs& a) {
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const float* grad = f32(a, Op::kGradOutput);
  const std::int64_t* index = a.inputs.tensors.size() > 1 ? i64(a, Op::kIndex) : nullptr;
  float* out = a.output.as<float>().data();
  return [=] { Op::template sequential<float>(p, grad, index, out); };
}

template <typename Op>
std::function<void()> selectionKernel(const KernelArgs& a) {
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const float* input = f32(a, Op::kInput);
  std::int64_t* out = a.output.as<std::int64_t>().data();
  return [=] { Op::template sequential<float>(p, input, out); };
}

template <typename Op>
std::function<void()> maxUnpoolKernel(const KernelArgs& a) {
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const float* input = f32(a, Op::kInput);
  const std::int64_t* indices = i64(a, Op::kIndices);
  float* out = a.output.as<float>().data();
  return [=] { Op::template sequential<float>(p, input, indices, out); };
}

}  // namespace

std::function<void()> makeIndexPutKernel(const KernelArgs& a) {
  return indexWriteKernel<ops::IndexPutOp>(a);
}
std::function<void()> makeIndexCopyKernel(const KernelArgs& a) {
  return indexWriteKernel<ops::IndexCopyOp>(a);
}
std::function<void()> makePutKernel(const KernelArgs& a) {
  return indexWriteKernel<ops::PutOp>(a);
}
std::function<void()> makeScatterKernel(const KernelArgs& a) {
  return indexWriteKernel<ops::ScatterOp>(a);
}

std::function<void()> makeGatherBackwardKernel(const KernelArgs& a) {
  return indexGradientKernel<ops::GatherBackwardOp>(a);
}
std::function<void()> makeIndexSelectBackwardKernel(const KernelArgs& a) {
  return indexGradientKernel<ops::IndexSelectBackwardOp>(a);
}
std::function<void()> makeRepeatInterleaveBackwardKernel(const KernelArgs& a) {
  return indexGradientKernel<ops::RepeatInterleaveBackwardOp>(a);
}

std::function<void()> makeIndexReduceProdKernel(const KernelArgs& a) {
  using Op = ops::IndexReduceProdOp;
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const float* self = f32(a, Op::kSelf);
  const std::int64_t* index = i64(a, Op::kIndex);
  const float* source = f32(a, Op::kSource);
  float* out = a.output.as<float>().data();
  return [=] { Op::sequential<float>(p, self, index, source, out); };
}

std::function<void()> makeEmbeddingBackwardKernel(const KernelArgs& a) {
  using Op = ops::EmbeddingBackwardOp;
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const std::int64_t* indices = i64(a, Op::kIndices);
  const float* grad = f32(a, Op::kGradOutput);
  float* out = a.output.as<float>().data();
  return [=] { Op::sequential<float>(p, indices, grad, out); };
}

std::function<void()> makeEmbeddingBagMaxBackwardKernel(const KernelArgs& a) {
  using Op = ops::EmbeddingBagMaxBackwardOp;
  requireSequential<Op>(a);
  const auto p = Op::problem(a.params);
  const float* weight = f32(a, Op::kWeight);
  const std::int64_t* indices = i64(a, Op::kIndices);
  const float* grad = f32(a, Op::kGradOutput);
  float* out = a.output.as<float>().data();
  return [=] { Op::sequential<float>(p, weight, indices, grad, out); };
}

std::function<void()> makeKthvalueKernel(const KernelArgs& a) {
  return selectionKernel<ops::KthvalueOp>(a);
}
std::function<void()> makeMedianKernel(const KernelArgs& a) {
  return selectionKernel<ops::MedianOp>(a);
}

std::function<void()> makeMaxUnpool1dKernel(const KernelArgs& a) {
  return maxUnpoolKernel<ops::MaxUnpool1dOp>(a);
}
std::function<void()> makeMaxUnpool2dKernel(const KernelArgs& a) {
  return maxUnpoolKernel<ops::MaxUnpool2dOp>(a);
}
std::function<void()> makeMaxUnpool3dKernel(const KernelArgs& a) {
  return maxUnpoolKernel<ops::MaxUnpool3dOp>(a);
}

}  // namespace detbench::cpu
