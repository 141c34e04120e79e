#include "detbench/ops/UpsampleTrilinear3dBackwardOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& UpsampleTrilinear3dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 2, 1, 1 << 16},        {"channels", "C", 16, 1, 1 << 16},
      {"depth", "input D", 16, 1, 1 << 16}, {"height", "input H", 32, 1, 1 << 16},
      {"width", "input W", 32, 1, 1 << 16}, {"scale", "integer scale factor", 2, 1, 16},
  };
  return specs;
}

UpsampleTrilinear3dBackwardOp::Problem UpsampleTrilinear3dBackwardOp::problem(const OpParams& p) {
  return {param(p, "batch"),  param(p, "channels"), param(p, "depth"),
          param(p, "height"), param(p, "width"),    param(p, "scale")};
}

std::vector<TensorSpec> UpsampleTrilinear3dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output",
           {p.batch, p.channels, p.outDepth(), p.outHeight(), p.outWidth()},
           DType::Float32}};
}

TensorSpec UpsampleTrilinear3dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.depth, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> UpsampleTrilinear3dBackwardOp::makeInputs(const Problem& p,
                                                                  const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference UpsampleTrilinear3dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeUpsampleTrilinear3dBackwardDefinition() {
  return makeDefinition<UpsampleTrilinear3dBackwardOp>();
}

}  // namespace detbench::ops
