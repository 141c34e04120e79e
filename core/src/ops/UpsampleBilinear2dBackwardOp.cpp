#include "detbench/ops/UpsampleBilinear2dBackwardOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& UpsampleBilinear2dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 8, 1, 1 << 16},
      {"channels", "C", 32, 1, 1 << 16},
      {"height", "input H", 64, 1, 1 << 20},
      {"width", "input W", 64, 1, 1 << 20},
      {"scale", "integer scale factor", 2, 1, 16},
  };
  return specs;
}

UpsampleBilinear2dBackwardOp::Problem UpsampleBilinear2dBackwardOp::problem(const OpParams& p) {
  return {param(p, "batch"), param(p, "channels"), param(p, "height"), param(p, "width"),
          param(p, "scale")};
}

std::vector<TensorSpec> UpsampleBilinear2dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.outHeight(), p.outWidth()}, DType::Float32}};
}

TensorSpec UpsampleBilinear2dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> UpsampleBilinear2dBackwardOp::makeInputs(const Problem& p,
                                                                 const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference UpsampleBilinear2dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeUpsampleBilinear2dBackwardDefinition() {
  return makeDefinition<UpsampleBilinear2dBackwardOp>();
}

}  // namespace detbench::ops
