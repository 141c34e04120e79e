#include "detbench/ops/MaxPool2dBackwardOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& MaxPool2dBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"batch", "N", 8, 1, 1 << 16},
      {"channels", "C", 32, 1, 1 << 16},
      {"height", "H", 64, 1, 1 << 20},
      {"width", "W", 64, 1, 1 << 20},
      {"kernel", "window size", 3, 1, 64},
      {"stride", "stride (below kernel: overlap)", 2, 1, 64},
      {"cudnn",
       "1: cudnnPoolingBackward (CUDNN_POOLING_MAX, or _MAX_DETERMINISTIC in the "
       "deterministic form) instead of PyTorch's kernel (cuda only)",
       0, 0, 1},
  };
  return specs;
}

MaxPool2dBackwardOp::Problem MaxPool2dBackwardOp::problem(const OpParams& p) {
  Problem pr{param(p, "batch"), param(p, "channels"), param(p, "height"),
             param(p, "width"), param(p, "kernel"),   param(p, "stride")};
  DETBENCH_CHECK_ARG(pr.kernel <= pr.height && pr.kernel <= pr.width,
                     "op max_pool2d_backward: kernel must not exceed height and width");
  return pr;
}

std::vector<TensorSpec> MaxPool2dBackwardOp::inputSpecs(const Problem& p) {
  const Shape out{p.batch, p.channels, p.outHeight(), p.outWidth()};
  return {{"self", {p.batch, p.channels, p.height, p.width}, DType::Float32},
          {"grad_output", out, DType::Float32},
          {"indices", out, DType::Int64}};
}

TensorSpec MaxPool2dBackwardOp::outputSpec(const Problem& p) {
  return {"grad_input", {p.batch, p.channels, p.height, p.width}, DType::Float32};
}

std::vector<HostTensor> MaxPool2dBackwardOp::makeInputs(const Problem& p,
                                                        const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kSelf], data, 1));
  t.push_back(uniformTensor(specs[kGradOutput], data, 2));
  t.push_back(HostTensor(specs[kIndices].shape, DType::Int64));
  // The forward pass: the first maximum of each window in scan order, as PyTorch picks it.
  const auto x = t[kSelf].as<float>();
  auto ind = t[kIndices].as<std::int64_t>();
  for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
    const float* xp = x.data() + plane * p.inPlane();
    for (std::int64_t oh = 0; oh < p.outHeight(); ++oh) {
      for (std::int64_t ow = 0; ow < p.outWidth(); ++ow) {
        std::int64_t best = oh * p.stride * p.width + ow * p.stride;
        for (std::int64_t kh = 0; kh < p.kernel; ++kh) {
          for (std::int64_t kw = 0; kw < p.kernel; ++kw) {
            const std::int64_t i = (oh * p.stride + kh) * p.width + ow * p.stride + kw;
            if (xp[i] > xp[best]) best = i;
          }
        }
        ind[static_cast<std::size_t>((plane * p.outHeight() + oh) * p.outWidth() + ow)] = best;
      }
    }
  }
  return t;
}

Reference MaxPool2dBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput), indexData(in, kIndices)}, out);
  });
}

std::unique_ptr<OpDefinition> makeMaxPool2dBackwardDefinition() {
  return makeDefinition<MaxPool2dBackwardOp>();
}

}  // namespace detbench::ops
