#include "detbench/ops/HistcOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& HistcOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of values", 1 << 22, 1, std::int64_t{1} << 40},
      {"bins", "number of bins over [-1, 1] (fewer bins: more contention)", 100, 1,
       std::int64_t{1} << 30},
  };
  return specs;
}

HistcOp::Problem HistcOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "bins")};
}
std::vector<TensorSpec> HistcOp::inputSpecs(const Problem& p) {
  return {{"input", {p.size}, DType::Float32}};
}
TensorSpec HistcOp::outputSpec(const Problem& p) {
  return {"out", {p.bins}, DType::Float32};
}
std::vector<HostTensor> HistcOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kInput], data, 1));
  return t;
}

Reference HistcOp::reference(const Problem& p, const OpInputs& in) {
  // Every term is 1: the magnitude equals the value.
  Reference ref{std::vector<double>(static_cast<std::size_t>(p.bins)), {}};
  sequential<double>(p, in.at(kInput).as<float>().data(), ref.value.data());
  ref.magnitude = ref.value;
  return ref;
}

std::unique_ptr<OpDefinition> makeHistcDefinition() {
  return makeDefinition<HistcOp>();
}

}  // namespace detbench::ops
