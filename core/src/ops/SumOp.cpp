#include "detbench/ops/SumOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& SumOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of elements", 1 << 22, 1, std::int64_t{1} << 40},
  };
  return specs;
}

SumOp::Problem SumOp::problem(const OpParams& p) {
  return {param(p, "size")};
}
std::vector<TensorSpec> SumOp::inputSpecs(const Problem& p) {
  return {{"input", {p.size}, DType::Float32}};
}
TensorSpec SumOp::outputSpec(const Problem&) {
  return {"out", {1}, DType::Float32};
}
std::vector<HostTensor> SumOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kInput], data, 1));
  return t;
}

Reference SumOp::reference(const Problem& p, const OpInputs& in) {
  // The reference sums in double left to right: exact enough to judge any float32 order.
  Reference ref{std::vector<double>(1), std::vector<double>(1)};
  const auto x = in.at(kInput).as<float>();
  for (std::int64_t i = 0; i < p.size; ++i) {
    ref.value[0] += static_cast<double>(x[static_cast<std::size_t>(i)]);
    ref.magnitude[0] += std::fabs(static_cast<double>(x[static_cast<std::size_t>(i)]));
  }
  return ref;
}

std::unique_ptr<OpDefinition> makeSumDefinition() {
  return makeDefinition<SumOp>();
}

}  // namespace detbench::ops
