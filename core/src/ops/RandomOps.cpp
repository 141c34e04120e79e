#include "detbench/ops/RandomOps.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& RandOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of values", 1 << 20, 1, std::int64_t{1} << 36},
  };
  return specs;
}
RandOp::Problem RandOp::problem(const OpParams& p) {
  return {param(p, "size")};
}
TensorSpec RandOp::outputSpec(const Problem& p) {
  return {"out", {p.size}, DType::Float32};
}

const std::vector<ParamSpec>& DropoutOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of elements", 1 << 20, 1, std::int64_t{1} << 36},
      {"p_percent", "probability of zeroing an element, in percent", 50, 0, 99},
  };
  return specs;
}
DropoutOp::Problem DropoutOp::problem(const OpParams& p) {
  const float drop = static_cast<float>(param(p, "p_percent")) / 100.0f;
  return {param(p, "size"), 1.0f - drop, 1.0f / (1.0f - drop)};
}
std::vector<TensorSpec> DropoutOp::inputSpecs(const Problem& p) {
  return {{"input", {p.size}, DType::Float32}};
}
TensorSpec DropoutOp::outputSpec(const Problem& p) {
  return {"out", {p.size}, DType::Float32};
}
std::vector<HostTensor> DropoutOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kInput], data, 1));
  return t;
}

std::unique_ptr<OpDefinition> makeRandDefinition() {
  return makeDefinition<RandOp>();
}
std::unique_ptr<OpDefinition> makeRandnDefinition() {
  return makeDefinition<RandnOp>();
}
std::unique_ptr<OpDefinition> makeDropoutDefinition() {
  return makeDefinition<DropoutOp>();
}

}  // namespace detbench::ops
