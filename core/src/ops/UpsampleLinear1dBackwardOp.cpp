#include "detbench/ops/UpsampleLinear1dBackwardOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& UpsampleLinear1dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 8, 1, 1 << 16},
      {"channels", "C", 64, 1, 1 << 16},
      {"width", "input length", 4096, 1, 1 << 24},
      {"scale", "integer scale factor", 2, 1, 16},
  };
  return specs;
}

UpsampleLinear1dBackwardOp::Problem UpsampleLinear1dBackwardOp::problem(const OpParams& p) {
  return {param(p, "batch"), param(p, "channels"), param(p, "width"), param(p, "scale")};
}

std::vector<TensorSpec> UpsampleLinear1dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.outWidth()}, DType::Float32}};
}

TensorSpec UpsampleLinear1dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.width}, DType::Float32};
}

std::vector<HostTensor> UpsampleLinear1dBackwardOp::makeInputs(const Problem& p,
                                                               const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference UpsampleLinear1dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeUpsampleLinear1dBackwardDefinition() {
  return makeDefinition<UpsampleLinear1dBackwardOp>();
}

}  // namespace detbench::ops
