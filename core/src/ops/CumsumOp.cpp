#include "detbench/ops/CumsumOp.hpp"

#include <cmath>

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& CumsumOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of elements", 1 << 22, 1, std::int64_t{1} << 40},
  };
  return specs;
}

CumsumOp::Problem CumsumOp::problem(const OpParams& p) {
  return {param(p, "size")};
}
std::vector<TensorSpec> CumsumOp::inputSpecs(const Problem& p) {
  return {{"input", {p.size}, DType::Float32}};
}
TensorSpec CumsumOp::outputSpec(const Problem& p) {
  return {"out", {p.size}, DType::Float32};
}
std::vector<HostTensor> CumsumOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kInput], data, 1));
  return t;
}

Reference CumsumOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(
      in, [&](const DoubleInputs& d, double* out) { sequential<double>(p, d.f(kInput), out); });
}

std::unique_ptr<OpDefinition> makeCumsumDefinition() {
  return makeDefinition<CumsumOp>();
}

}  // namespace detbench::ops
