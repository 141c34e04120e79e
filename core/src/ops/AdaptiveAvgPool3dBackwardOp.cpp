#include "detbench/ops/AdaptiveAvgPool3dBackwardOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& AdaptiveAvgPool3dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 4, 1, 1 << 16},
      {"channels", "C", 8, 1, 1 << 16},
      {"depth", "input D", 10, 1, 1 << 20},
      {"height", "input H", 20, 1, 1 << 20},
      {"width", "input W", 17, 1, 1 << 20},
      {"out_depth", "output D", 4, 1, 1 << 20},
      {"out_height", "output H (not a divisor of H: overlap)", 7, 1, 1 << 20},
      {"out_width", "output W", 6, 1, 1 << 20},
  };
  return specs;
}

AdaptiveAvgPool3dBackwardOp::Problem AdaptiveAvgPool3dBackwardOp::problem(const OpParams& p) {
  return {param(p, "batch"),
          param(p, "channels"),
          {param(p, "depth"), param(p, "height"), param(p, "width")},
          {param(p, "out_depth"), param(p, "out_height"), param(p, "out_width")}};
}

std::vector<TensorSpec> AdaptiveAvgPool3dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.out[0], p.out[1], p.out[2]}, DType::Float32}};
}

TensorSpec AdaptiveAvgPool3dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.in[0], p.in[1], p.in[2]}, DType::Float32};
}

std::vector<HostTensor> AdaptiveAvgPool3dBackwardOp::makeInputs(const Problem& p,
                                                                const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference AdaptiveAvgPool3dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeAdaptiveAvgPool3dBackwardDefinition() {
  return makeDefinition<AdaptiveAvgPool3dBackwardOp>();
}

}  // namespace detbench::ops
