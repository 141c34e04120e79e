#include "detbench/ops/BincountOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

namespace {

const std::vector<ParamSpec>& bincountParams() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of values", 1 << 20, 1, std::int64_t{1} << 40},
      {"bins", "number of bins (fewer bins: more contention)", 1024, 1, std::int64_t{1} << 40},
  };
  return specs;
}

}  // namespace

const std::vector<ParamSpec>& BincountOp::params() {
  return bincountParams();
}
BincountProblem BincountOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "bins")};
}
std::vector<TensorSpec> BincountOp::inputSpecs(const Problem& p) {
  return {{"input", {p.size}, DType::Int64}};
}
TensorSpec BincountOp::outputSpec(const Problem& p) {
  return {"out", {p.bins}, DType::Int64};
}
std::vector<HostTensor> BincountOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(indexTensor(inputSpecs(p)[kValues], data, 1, p.bins));
  return t;
}
Reference BincountOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs&, double* out) {
    sequential<double>(p, indexData(in, kValues), out);
  });
}

const std::vector<ParamSpec>& BincountWeightedOp::params() {
  return bincountParams();
}
BincountProblem BincountWeightedOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "bins")};
}
std::vector<TensorSpec> BincountWeightedOp::inputSpecs(const Problem& p) {
  return {{"input", {p.size}, DType::Int64}, {"weights", {p.size}, DType::Float32}};
}
TensorSpec BincountWeightedOp::outputSpec(const Problem& p) {
  return {"out", {p.bins}, DType::Float32};
}
std::vector<HostTensor> BincountWeightedOp::makeInputs(const Problem& p,
                                                       const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(indexTensor(specs[kValues], data, 1, p.bins));
  t.push_back(uniformTensor(specs[kWeights], data, 2));
  return t;
}
Reference BincountWeightedOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, indexData(in, kValues), d.f(kWeights), out);
  });
}

std::unique_ptr<OpDefinition> makeBincountDefinition() {
  return makeDefinition<BincountOp>();
}
std::unique_ptr<OpDefinition> makeBincountWeightedDefinition() {
  return makeDefinition<BincountWeightedOp>();
}

}  // namespace detbench::ops
