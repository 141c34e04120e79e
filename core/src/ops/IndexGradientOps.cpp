#include "detbench/ops/IndexGradientOps.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

template <IndexGradient G>
const std::vector<ParamSpec>& IndexGradientOp<G>::params() {
  static const std::vector<ParamSpec> specs = [] {
    if (G == IndexGradient::RepeatInterleave) {
      return std::vector<ParamSpec>{
          {"rows", "rows of x", 4096, 1, std::int64_t{1} << 30},
          {"cols", "columns of x", 4, 1, 1 << 20},
          {"repeats", "copies of each row (more: more terms per gradient row)", 64, 1, 1 << 20},
      };
    }
    std::vector<ParamSpec> s{
        {"size", "number of indices", 1 << 16, 1, std::int64_t{1} << 40},
        {"rows",
         G == IndexGradient::Gather ? "length of x (smaller: more contention)"
                                    : "rows of x (fewer: more contention)",
         256, 1, std::int64_t{1} << 40},
    };
    if (G == IndexGradient::IndexSelect) s.push_back({"cols", "columns of x", 4, 1, 1 << 20});
    return s;
  }();
  return specs;
}

template <IndexGradient G>
typename IndexGradientOp<G>::Problem IndexGradientOp<G>::problem(const OpParams& p) {
  if (G == IndexGradient::RepeatInterleave) {
    const std::int64_t rows = param(p, "rows"), repeats = param(p, "repeats");
    DETBENCH_CHECK_ARG(rows <= (std::int64_t{1} << 40) / repeats,
                       "op repeat_interleave_backward: rows x repeats must be at most 2^40");
    return {rows * repeats, rows, param(p, "cols"), repeats};
  }
  return {param(p, "size"), param(p, "rows"),
          G == IndexGradient::IndexSelect ? param(p, "cols") : 1, 1};
}

template <IndexGradient G>
std::vector<TensorSpec> IndexGradientOp<G>::inputSpecs(const Problem& p) {
  const Shape grad = G == IndexGradient::Gather ? Shape{p.size} : Shape{p.size, p.cols};
  std::vector<TensorSpec> s{{"grad_output", grad, DType::Float32}};
  if (G != IndexGradient::RepeatInterleave) s.push_back({"index", {p.size}, DType::Int64});
  return s;
}

template <IndexGradient G>
TensorSpec IndexGradientOp<G>::outputSpec(const Problem& p) {
  return {"grad_x", G == IndexGradient::Gather ? Shape{p.rows} : Shape{p.rows, p.cols},
          DType::Float32};
}

template <IndexGradient G>
std::vector<HostTensor> IndexGradientOp<G>::makeInputs(const Problem& p,
                                                       const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kGradOutput], data, 1));
  if (G != IndexGradient::RepeatInterleave)
    t.push_back(indexTensor(specs[kIndex], data, 2, p.rows));
  return t;
}

template <IndexGradient G>
Reference IndexGradientOp<G>::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kGradOutput),
                       G == IndexGradient::RepeatInterleave ? nullptr : indexData(in, kIndex), out);
  });
}

template struct IndexGradientOp<IndexGradient::Gather>;
template struct IndexGradientOp<IndexGradient::IndexSelect>;
template struct IndexGradientOp<IndexGradient::RepeatInterleave>;

std::unique_ptr<OpDefinition> makeGatherBackwardDefinition() {
  return makeDefinition<GatherBackwardOp>();
}
std::unique_ptr<OpDefinition> makeIndexSelectBackwardDefinition() {
  return makeDefinition<IndexSelectBackwardOp>();
}
std::unique_ptr<OpDefinition> makeRepeatInterleaveBackwardDefinition() {
  return makeDefinition<RepeatInterleaveBackwardOp>();
}

}  // namespace detbench::ops
