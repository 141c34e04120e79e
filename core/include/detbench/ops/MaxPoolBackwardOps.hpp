#pragma once
// The max-pooling backward ops whose windows are not max_pool2d's: each output gradient goes to
// the input position that held its window's maximum in the forward pass (the first maximum in
// scan order, as PyTorch's CPU kernels pick it), so an input that is the maximum of several
// overlapping windows receives several terms.
//   max_pool3d_backward             cubic windows of `kernel` every `stride`, no padding;
//   adaptive_max_pool2d_backward    output cell o covers [floor(o in / out), ceil((o + 1) in /
//                                   out)) along each dimension;
//   fractional_max_pool2d_backward  windows of `kernel` starting at pseudo-random offsets from
//   fractional_max_pool3d_backward  one sample in [0, 1) per plane and dimension (PyTorch's
//                                   _random_samples): start(o) = int((o + u) alpha) - int(u
//                                   alpha) with alpha = (in - kernel) / (out - 1) in float, and
//                                   the last window ends at the input's end.
// The inputs are the forward input (`self`), the output gradient and the forward's indices
// (flat within a plane), and for the fractional ops the samples.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

enum class MaxPoolKind { Cubic3d, Adaptive2d, Fractional2d, Fractional3d };

template <MaxPoolKind K>
struct MaxPoolBackwardOp {
  static constexpr bool kFractional =
      K == MaxPoolKind::Fractional2d || K == MaxPoolKind::Fractional3d;
  static constexpr int kDims = K == MaxPoolKind::Cubic3d || K == MaxPoolKind::Fractional3d ? 3 : 2;
  static constexpr std::string_view kName =
      K == MaxPoolKind::Cubic3d        ? "max_pool3d_backward"
      : K == MaxPoolKind::Adaptive2d   ? "adaptive_max_pool2d_backward"
      : K == MaxPoolKind::Fractional2d ? "fractional_max_pool2d_backward"
                                       : "fractional_max_pool3d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels;
    std::int64_t in[3], out[3];   // depth, height, width (1 where unused)
    std::int64_t kernel, stride;  // max_pool3d (stride) and the fractional ops (kernel)
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return in[0] * in[1] * in[2]; }
    DETBENCH_HD std::int64_t outPlane() const { return out[0] * out[1] * out[2]; }
  };
  enum Input { kSelf, kGradOutput, kIndices, kSamples };
  template <typename T>
  struct Args {
    const T* gradOutput;
    const std::int64_t* indices;
  };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // The windows that can contain one input position, at most.
  static std::int64_t maxTerms(const Problem& p);

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t g = plane * p.outPlane() + o;
    add(plane * p.inPlane() + a.indices[g], a.gradOutput[g]);
  }

  // The outputs whose windows contain input i. The fractional windows depend on the plane's
  // samples, so their box is the whole plane (the gather then visits every output in order).
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {p.out[0], p.out[1], p.out[2]}, {p.out[0], p.out[1], p.out[2]}};
    if constexpr (!kFractional) {
      const std::int64_t x[3] = {i / (p.in[1] * p.in[2]), (i / p.in[2]) % p.in[1], i % p.in[2]};
      for (int d = 3 - kDims; d < 3; ++d) {
        if constexpr (K == MaxPoolKind::Cubic3d) {
          windowSources(x[d], p.kernel, p.stride, 0, p.out[d], b.begin[d], b.end[d]);
        } else {
          b.begin[d] = (x[d] * p.out[d]) / p.in[d];
          const std::int64_t last = ((x[d] + 1) * p.out[d]) / p.in[d] + 1;
          b.end[d] = last < p.out[d] ? last : p.out[d];
        }
      }
    }
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<MaxPoolBackwardOp>(p, a, out);
  }

  // The window of output o along dimension d of a plane: [begin, end); `sample` is the plane's
  // sample for d (fractional ops only).
  static void window(const Problem& p, int d, std::int64_t o, float sample, std::int64_t& begin,
                     std::int64_t& end);
};

using MaxPool3dBackwardOp = MaxPoolBackwardOp<MaxPoolKind::Cubic3d>;
using AdaptiveMaxPool2dBackwardOp = MaxPoolBackwardOp<MaxPoolKind::Adaptive2d>;
using FractionalMaxPool2dBackwardOp = MaxPoolBackwardOp<MaxPoolKind::Fractional2d>;
using FractionalMaxPool3dBackwardOp = MaxPoolBackwardOp<MaxPoolKind::Fractional3d>;

}  // namespace detbench::ops
