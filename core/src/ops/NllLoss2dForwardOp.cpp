#include "detbench/ops/NllLoss2dForwardOp.hpp"

#include <cmath>

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& NllLoss2dForwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 16, 1, 1 << 16},
      {"classes", "C (a segmentation's classes)", 19, 1, 1 << 16},
      {"height", "H", 128, 1, 1 << 15},
      {"width", "W", 128, 1, 1 << 15},
      {"weighted", "1: class weights (weight=), 0: none", 1, 0, 1},
      {"reduction", "0: mean, 1: sum", 0, 0, 1},
  };
  return specs;
}

NllLoss2dForwardOp::Problem NllLoss2dForwardOp::problem(const OpParams& p) {
  const Problem pr{param(p, "batch"), param(p, "classes"),       param(p, "height"),
                   param(p, "width"), param(p, "weighted") != 0, param(p, "reduction") == 0};
  DETBENCH_CHECK_ARG(pr.positions() <= (std::int64_t{1} << 40) &&
                         pr.positions() * pr.classes <= (std::int64_t{1} << 40),
                     "nll_loss2d_forward: at most 2^40 positions and scores");
  return pr;
}

std::vector<TensorSpec> NllLoss2dForwardOp::inputSpecs(const Problem& p) {
  return {{"input", {p.batch, p.classes, p.height, p.width}, DType::Float32},
          {"target", {p.batch, p.height, p.width}, DType::Int64},
          {"weight", {p.classes}, DType::Float32}};
}

TensorSpec NllLoss2dForwardOp::outputSpec(const Problem&) {
  return {"loss", {1}, DType::Float32};
}

std::vector<HostTensor> NllLoss2dForwardOp::makeInputs(const Problem& p,
                                                       const DataGenerator& data) {
  const std::vector<TensorSpec> specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kInput], data, 1));
  t.push_back(indexTensor(specs[kTarget], data, 2, p.classes));
  // Class weights are positive (PyTorch allows any; rebalancing weights are).
  HostTensor weight(specs[kWeight].shape, DType::Float32);
  data.uniform(weight.as<float>(), 3, 0.125f, 1.0f);
  t.push_back(std::move(weight));
  return t;
}

Reference NllLoss2dForwardOp::reference(const Problem& p, const OpInputs& in) {
  Reference ref = referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kInput), indexData(in, kTarget), d.f(kWeight)}, out);
  });
  // The loss negates its terms: the magnitude, -sum |x| w (/ sum w), comes out negative.
  for (double& m : ref.magnitude) m = std::abs(m);
  return ref;
}

std::unique_ptr<OpDefinition> makeNllLoss2dForwardDefinition() {
  return makeDefinition<NllLoss2dForwardOp>();
}

}  // namespace detbench::ops
