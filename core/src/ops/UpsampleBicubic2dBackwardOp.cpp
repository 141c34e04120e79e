#include "detbench/ops/UpsampleBicubic2dBackwardOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& UpsampleBicubic2dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 8, 1, 1 << 16},
      {"channels", "C", 32, 1, 1 << 16},
      {"height", "input H", 64, 1, 1 << 20},
      {"width", "input W", 64, 1, 1 << 20},
      // Scale 1 is a copy in PyTorch (no interpolation), so it starts at 2.
      {"scale", "integer scale factor", 2, 2, 16},
  };
  return specs;
}

UpsampleBicubic2dBackwardOp::Problem UpsampleBicubic2dBackwardOp::problem(const OpParams& p) {
  return {param(p, "batch"), param(p, "channels"), param(p, "height"), param(p, "width"),
          param(p, "scale")};
}

std::vector<TensorSpec> UpsampleBicubic2dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.outHeight(), p.outWidth()}, DType::Float32}};
}

TensorSpec UpsampleBicubic2dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> UpsampleBicubic2dBackwardOp::makeInputs(const Problem& p,
                                                                const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference UpsampleBicubic2dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  // The magnitude takes |g| and |w|: a cubic weight can be negative.
  const auto n = static_cast<std::size_t>(numel(in.output.shape));
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  sequential<double>(p, {doubleInputs(in, false).f(kGradOutput)}, ref.value.data());
  Problem absolute = p;
  absolute.absoluteWeights = true;
  sequential<double>(absolute, {doubleInputs(in, true).f(kGradOutput)}, ref.magnitude.data());
  return ref;
}

std::unique_ptr<OpDefinition> makeUpsampleBicubic2dBackwardDefinition() {
  return makeDefinition<UpsampleBicubic2dBackwardOp>();
}

}  // namespace detbench::ops
