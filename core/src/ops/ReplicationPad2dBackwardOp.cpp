#include "detbench/ops/ReplicationPad2dBackwardOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& ReplicationPad2dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 8, 1, 1 << 16},
      {"channels", "C", 32, 1, 1 << 16},
      {"height", "input H", 64, 1, 1 << 20},
      {"width", "input W", 64, 1, 1 << 20},
      {"pad", "padding on each side (larger: more terms at the edges)", 16, 0, 1 << 12},
  };
  return specs;
}

ReplicationPad2dBackwardOp::Problem ReplicationPad2dBackwardOp::problem(const OpParams& p) {
  return {param(p, "batch"), param(p, "channels"), param(p, "height"), param(p, "width"),
          param(p, "pad")};
}

std::vector<TensorSpec> ReplicationPad2dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output", {p.batch, p.channels, p.outHeight(), p.outWidth()}, DType::Float32}};
}

TensorSpec ReplicationPad2dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> ReplicationPad2dBackwardOp::makeInputs(const Problem& p,
                                                               const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference ReplicationPad2dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeReplicationPad2dBackwardDefinition() {
  return makeDefinition<ReplicationPad2dBackwardOp>();
}

}  // namespace detbench::ops
