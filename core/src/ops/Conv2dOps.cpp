#include "detbench/ops/Conv2dOps.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& convParams() {
  static const std::vector<ParamSpec> specs{
      {"batch", "images in the batch (N)", 8, 1, 1 << 16},
      {"in_channels", "input channels (C)", 32, 1, 1 << 16},
      {"out_channels", "output channels (K)", 64, 1, 1 << 16},
      {"height", "input height (H)", 32, 1, 1 << 16},
      {"width", "input width (W)", 32, 1, 1 << 16},
      {"kernel", "filter height and width (R = S)", 3, 1, 64},
      {"stride", "stride", 1, 1, 64},
      {"padding", "zero padding on each side", 1, 0, 64},
      {"tf32", "1: let cuDNN use TF32 (PyTorch's default for cudnn.allow_tf32; cuda only)", 0, 0,
       1},
      {"rebenchmark",
       "1: with cudnn.benchmark, time the algorithms again before every trial "
       "(cuda only)",
       0, 0, 1},
  };
  return specs;
}

ConvProblem convProblem(const OpParams& p) {
  ConvProblem c{param(p, "batch"),     param(p, "in_channels"),     param(p, "out_channels"),
                param(p, "height"),    param(p, "width"),           param(p, "kernel"),
                param(p, "kernel"),    param(p, "stride"),          param(p, "padding"),
                param(p, "tf32") != 0, param(p, "rebenchmark") != 0};
  DETBENCH_CHECK_ARG(c.h + 2 * c.pad >= c.r && c.w + 2 * c.pad >= c.s,
                     "the filter (kernel " + std::to_string(c.r) +
                         ") is larger than the padded input (" + std::to_string(c.h) + "x" +
                         std::to_string(c.w) + " with padding " + std::to_string(c.pad) + ")");
  return c;
}

std::vector<TensorSpec> Conv2dForwardOp::inputSpecs(const Problem& p) {
  return {{"input", p.xShape(), DType::Float32}, {"weight", p.wShape(), DType::Float32}};
}
TensorSpec Conv2dForwardOp::outputSpec(const Problem& p) {
  return {"out", p.yShape(), DType::Float32};
}
std::vector<HostTensor> Conv2dForwardOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kX], data, 1));
  t.push_back(uniformTensor(specs[kW], data, 2));
  return t;
}
Reference Conv2dForwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kX), d.f(kW), out);
  });
}

std::vector<TensorSpec> Conv2dBackwardDataOp::inputSpecs(const Problem& p) {
  return {{"grad_output", p.yShape(), DType::Float32}, {"weight", p.wShape(), DType::Float32}};
}
TensorSpec Conv2dBackwardDataOp::outputSpec(const Problem& p) {
  return {"grad_input", p.xShape(), DType::Float32};
}
std::vector<HostTensor> Conv2dBackwardDataOp::makeInputs(const Problem& p,
                                                         const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kDy], data, 3));
  t.push_back(uniformTensor(specs[kW], data, 2));
  return t;
}
Reference Conv2dBackwardDataOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kDy), d.f(kW), out);
  });
}

std::vector<TensorSpec> Conv2dBackwardFilterOp::inputSpecs(const Problem& p) {
  return {{"input", p.xShape(), DType::Float32}, {"grad_output", p.yShape(), DType::Float32}};
}
TensorSpec Conv2dBackwardFilterOp::outputSpec(const Problem& p) {
  return {"grad_weight", p.wShape(), DType::Float32};
}
std::vector<HostTensor> Conv2dBackwardFilterOp::makeInputs(const Problem& p,
                                                           const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kX], data, 1));
  t.push_back(uniformTensor(specs[kDy], data, 3));
  return t;
}
Reference Conv2dBackwardFilterOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kX), d.f(kDy), out);
  });
}

std::unique_ptr<OpDefinition> makeConv2dForwardDefinition() {
  return makeDefinition<Conv2dForwardOp>();
}
std::unique_ptr<OpDefinition> makeConv2dBackwardDataDefinition() {
  return makeDefinition<Conv2dBackwardDataOp>();
}
std::unique_ptr<OpDefinition> makeConv2dBackwardFilterDefinition() {
  return makeDefinition<Conv2dBackwardFilterOp>();
}

}  // namespace detbench::ops
