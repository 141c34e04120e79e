#include "detbench/ops/ReflectionPad2dBackwardOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& ReflectionPad2dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 8, 1, 1 << 16},
      {"channels", "C", 32, 1, 1 << 16},
      {"height", "input H", 64, 1, 1 << 20},
      {"width", "input W", 64, 1, 1 << 20},
      {"pad", "padding on each side, less than height and width (larger: more mirrored terms)", 16,
       0, 1 << 12},
  };
  return specs;
}

ReflectionPad2dBackwardOp::Problem ReflectionPad2dBackwardOp::problem(const OpParams& p) {
  const Problem pr{param(p, "batch"), param(p, "channels"), param(p, "height"), param(p, "width"),
                   param(p, "pad")};
  // PyTorch: "Padding size should be less than the corresponding input dimension".
  DETBENCH_CHECK_ARG(pr.pad < pr.height && pr.pad < pr.width,
                     "reflection_pad2d_backward: pad must be less than height and width");
  return pr;
}

std::vector<TensorSpec> ReflectionPad2dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.outHeight(), p.outWidth()}, DType::Float32}};
}

TensorSpec ReflectionPad2dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> ReflectionPad2dBackwardOp::makeInputs(const Problem& p,
                                                              const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference ReflectionPad2dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeReflectionPad2dBackwardDefinition() {
  return makeDefinition<ReflectionPad2dBackwardOp>();
}

}  // namespace detbench::ops
