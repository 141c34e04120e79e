#include "detbench/ops/RmsNormOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& RmsNormOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "rows (the batch: tokens)", 64, 1, 65535},
      {"cols", "columns of a row (the hidden size)", 4096, 1, 1 << 20},
      {"batch_invariant",
       "1: every row reduced in one order whatever the batch (no split rows for small batches)", 0,
       0, 1},
  };
  return specs;
}

RmsNormOp::Problem RmsNormOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "cols"), param(p, "batch_invariant") != 0};
}

OpParams RmsNormOp::batchParams(const Problem& p, std::int64_t rows) {
  return {{"size", rows}, {"cols", p.cols}, {"batch_invariant", p.batchInvariant ? 1 : 0}};
}

std::vector<TensorSpec> RmsNormOp::inputSpecs(const Problem& p) {
  return {{"x", {p.rows, p.cols}, DType::Float32}, {"weight", {p.cols}, DType::Float32}};
}
TensorSpec RmsNormOp::outputSpec(const Problem& p) {
  return {"out", {p.rows, p.cols}, DType::Float32};
}
std::vector<HostTensor> RmsNormOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kX], data, 1));
  t.push_back(uniformTensor(specs[kWeight], data, 2));
  return t;
}

Reference RmsNormOp::reference(const Problem& p, const OpInputs& in) {
  // On the absolute values the same formula gives |y|: the magnitude the bound scales.
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kX), d.f(kWeight), out);
  });
}

std::unique_ptr<OpDefinition> makeRmsNormDefinition() {
  return makeDefinition<RmsNormOp>();
}

}  // namespace detbench::ops
