#include "detbench/ops/MaxPoolBackwardOps.hpp"

#include <limits>

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

namespace {

// The sample of dimension d (0 depth, 1 height, 2 width) in PyTorch's _random_samples: the 2-D
// op keeps width first, then height; the 3-D op depth, height, width.
template <int Dims>
int sampleSlot(int d) {
  return Dims == 2 ? (d == 2 ? 0 : 1) : d;
}

Shape shapeOf(const std::int64_t batch, const std::int64_t channels, int dims,
              const std::int64_t (&extent)[3]) {
  Shape s{batch, channels};
  for (int d = 3 - dims; d < 3; ++d) s.push_back(extent[d]);
  return s;
}

}  // namespace

template <MaxPoolKind K>
const std::vector<ParamSpec>& MaxPoolBackwardOp<K>::params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s{{"batch", "N", 4, 1, 1 << 16}, {"channels", "C", 8, 1, 1 << 16}};
    if (kDims == 3) s.push_back({"depth", "input D", 12, 1, 1 << 20});
    s.push_back({"height", "input H", kDims == 3 ? 12 : 50, 1, 1 << 20});
    s.push_back({"width", "input W", kDims == 3 ? 12 : 37, 1, 1 << 20});
    if (K == MaxPoolKind::Cubic3d) {
      s.push_back({"kernel", "window size", 3, 1, 64});
      s.push_back({"stride", "stride (below kernel: overlap)", 2, 1, 64});
      return s;
    }
    if (kFractional) s.push_back({"kernel", "window size", 3, 1, 64});
    if (kDims == 3) s.push_back({"out_depth", "output D", 8, 1, 1 << 20});
    s.push_back(
        {"out_height",
         K == MaxPoolKind::Adaptive2d ? "output H (not a divisor of H: overlap)" : "output H",
         kDims == 3 ? 8 : 15, 1, 1 << 20});
    s.push_back({"out_width", "output W", kDims == 3 ? 8 : 11, 1, 1 << 20});
    return s;
  }();
  return specs;
}

template <MaxPoolKind K>
typename MaxPoolBackwardOp<K>::Problem MaxPoolBackwardOp<K>::problem(const OpParams& p) {
  Problem pr{};
  pr.batch = param(p, "batch");
  pr.channels = param(p, "channels");
  pr.in[0] = kDims == 3 ? param(p, "depth") : 1;
  pr.in[1] = param(p, "height");
  pr.in[2] = param(p, "width");
  const std::string name(kName);
  if constexpr (K == MaxPoolKind::Cubic3d) {
    pr.kernel = param(p, "kernel");
    pr.stride = param(p, "stride");
    for (int d = 0; d < 3; ++d) {
      DETBENCH_CHECK_ARG(pr.kernel <= pr.in[d],
                         "op " + name + ": kernel must not exceed depth, height and width");
      pr.out[d] = (pr.in[d] - pr.kernel) / pr.stride + 1;
    }
  } else {
    pr.kernel = kFractional ? param(p, "kernel") : 1;
    pr.stride = 1;
    pr.out[0] = kDims == 3 ? param(p, "out_depth") : 1;
    pr.out[1] = param(p, "out_height");
    pr.out[2] = param(p, "out_width");
    for (int d = 3 - kDims; d < 3; ++d) {
      // Adaptive windows may outnumber the input's positions (then they overlap more).
      // PyTorch's checks: out + kernel - 1 <= in for the 2-D op, < in for the 3-D op.
      if (kFractional) {
        DETBENCH_CHECK_ARG(pr.out[d] + pr.kernel - 1 + (kDims == 3 ? 1 : 0) <= pr.in[d],
                           "op " + name +
                               (kDims == 3 ? ": each output size plus kernel must "
                                             "not exceed the input's"
                                           : ": each output size plus kernel - 1 "
                                             "must not exceed the input's"));
      }
    }
  }
  return pr;
}

template <MaxPoolKind K>
std::int64_t MaxPoolBackwardOp<K>::maxTerms(const Problem& p) {
  std::int64_t terms = 1;
  for (int d = 3 - kDims; d < 3; ++d) {
    if (K == MaxPoolKind::Cubic3d) {
      terms *= (p.kernel + p.stride - 1) / p.stride;
    } else if (kFractional) {
      terms *= p.kernel;  // windows start at distinct positions
    } else {
      terms *= p.out[d] / p.in[d] + 2;
    }
  }
  return terms;
}

template <MaxPoolKind K>
void MaxPoolBackwardOp<K>::window(const Problem& p, int d, std::int64_t o, float sample,
                                  std::int64_t& begin, std::int64_t& end) {
  if constexpr (K == MaxPoolKind::Cubic3d) {
    begin = o * p.stride;
    end = begin + p.kernel;
  } else if constexpr (K == MaxPoolKind::Adaptive2d) {
    begin = (o * p.in[d]) / p.out[d];
    end = ((o + 1) * p.in[d] + p.out[d] - 1) / p.out[d];
  } else {
    if (o == p.out[d] - 1) {
      begin = p.in[d] - p.kernel;
    } else {
      const float alpha = static_cast<float>(p.in[d] - p.kernel) / static_cast<float>(p.out[d] - 1);
      begin = static_cast<std::int64_t>((static_cast<float>(o) + sample) * alpha) -
              static_cast<std::int64_t>(sample * alpha);
    }
    end = begin + p.kernel;
  }
}

template <MaxPoolKind K>
std::vector<TensorSpec> MaxPoolBackwardOp<K>::inputSpecs(const Problem& p) {
  std::vector<TensorSpec> s{
      {"self", shapeOf(p.batch, p.channels, kDims, p.in), DType::Float32},
      {"grad_output", shapeOf(p.batch, p.channels, kDims, p.out), DType::Float32},
      {"indices", shapeOf(p.batch, p.channels, kDims, p.out), DType::Int64}};
  if (kFractional) s.push_back({"samples", {p.batch, p.channels, kDims}, DType::Float32});
  return s;
}

template <MaxPoolKind K>
TensorSpec MaxPoolBackwardOp<K>::outputSpec(const Problem& p) {
  return {"grad_input", shapeOf(p.batch, p.channels, kDims, p.in), DType::Float32};
}

template <MaxPoolKind K>
std::vector<HostTensor> MaxPoolBackwardOp<K>::makeInputs(const Problem& p,
                                                         const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kSelf], data, 1));
  t.push_back(uniformTensor(specs[kGradOutput], data, 2));
  t.push_back(HostTensor(specs[kIndices].shape, DType::Int64));
  if (kFractional) {
    HostTensor samples(specs[kSamples].shape, DType::Float32);
    data.uniform(samples.template as<float>(), 4, 0.0f, 1.0f);
    t.push_back(std::move(samples));
  }
  // The forward pass: the first maximum of each window in scan order.
  const auto x = t[kSelf].template as<float>();
  auto ind = t[kIndices].template as<std::int64_t>();
  for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
    float sample[3] = {0, 0, 0};
    if (kFractional) {
      const float* s = t[kSamples].template as<float>().data() + plane * kDims;
      for (int d = 3 - kDims; d < 3; ++d) sample[d] = s[sampleSlot<kDims>(d)];
    }
    const float* xp = x.data() + plane * p.inPlane();
    for (std::int64_t o = 0; o < p.outPlane(); ++o) {
      const std::int64_t oc[3] = {o / (p.out[1] * p.out[2]), (o / p.out[2]) % p.out[1],
                                  o % p.out[2]};
      std::int64_t b[3], e[3];
      for (int d = 0; d < 3; ++d) {
        if (d < 3 - kDims) {
          b[d] = 0, e[d] = 1;
        } else {
          window(p, d, oc[d], sample[d], b[d], e[d]);
        }
      }
      std::int64_t best = (b[0] * p.in[1] + b[1]) * p.in[2] + b[2];
      float bestValue = -std::numeric_limits<float>::infinity();
      for (std::int64_t i0 = b[0]; i0 < e[0]; ++i0) {
        for (std::int64_t i1 = b[1]; i1 < e[1]; ++i1) {
          for (std::int64_t i2 = b[2]; i2 < e[2]; ++i2) {
            const std::int64_t i = (i0 * p.in[1] + i1) * p.in[2] + i2;
            if (xp[i] > bestValue) best = i, bestValue = xp[i];
          }
        }
      }
      ind[static_cast<std::size_t>(plane * p.outPlane() + o)] = best;
    }
  }
  return t;
}

template <MaxPoolKind K>
Reference MaxPoolBackwardOp<K>::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput), indexData(in, kIndices)}, out);
  });
}

template struct MaxPoolBackwardOp<MaxPoolKind::Cubic3d>;
template struct MaxPoolBackwardOp<MaxPoolKind::Adaptive2d>;
template struct MaxPoolBackwardOp<MaxPoolKind::Fractional2d>;
template struct MaxPoolBackwardOp<MaxPoolKind::Fractional3d>;

std::unique_ptr<OpDefinition> makeMaxPool3dBackwardDefinition() {
  return makeDefinition<MaxPool3dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeAdaptiveMaxPool2dBackwardDefinition() {
  return makeDefinition<AdaptiveMaxPool2dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeFractionalMaxPool2dBackwardDefinition() {
  return makeDefinition<FractionalMaxPool2dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeFractionalMaxPool3dBackwardDefinition() {
  return makeDefinition<FractionalMaxPool3dBackwardOp>();
}

}  // namespace detbench::ops
