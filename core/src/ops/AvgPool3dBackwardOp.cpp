#include "detbench/ops/AvgPool3dBackwardOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& AvgPool3dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 4, 1, 1 << 16},
      {"channels", "C", 16, 1, 1 << 16},
      {"depth", "D", 16, 1, 1 << 16},
      {"height", "H", 32, 1, 1 << 16},
      {"width", "W", 32, 1, 1 << 16},
      {"kernel", "window size", 3, 1, 32},
      {"stride", "stride (below kernel: overlap)", 2, 1, 32},
      {"padding", "zero padding (at most kernel / 2)", 1, 0, 16},
  };
  return specs;
}

AvgPool3dBackwardOp::Problem AvgPool3dBackwardOp::problem(const OpParams& p) {
  Problem pr{param(p, "batch"), param(p, "channels"), param(p, "depth"),  param(p, "height"),
             param(p, "width"), param(p, "kernel"),   param(p, "stride"), param(p, "padding")};
  DETBENCH_CHECK_ARG(2 * pr.padding <= pr.kernel,
                     "op avg_pool3d_backward: padding must be at most half the kernel");
  DETBENCH_CHECK_ARG(pr.out(pr.depth) >= 1 && pr.out(pr.height) >= 1 && pr.out(pr.width) >= 1,
                     "op avg_pool3d_backward: the window does not fit the input");
  return pr;
}

std::vector<TensorSpec> AvgPool3dBackwardOp::inputSpecs(const Problem& p) {
  return {{"grad_output",
           {p.batch, p.channels, p.out(p.depth), p.out(p.height), p.out(p.width)},
           DType::Float32}};
}

TensorSpec AvgPool3dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.depth, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> AvgPool3dBackwardOp::makeInputs(const Problem& p,
                                                        const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGradOutput], data, 1));
  return t;
}

Reference AvgPool3dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

std::unique_ptr<OpDefinition> makeAvgPool3dBackwardDefinition() {
  return makeDefinition<AvgPool3dBackwardOp>();
}

}  // namespace detbench::ops
