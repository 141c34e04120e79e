#pragma once
// upsample_linear1d backward (align_corners=False, integer scale): each output gradient is
// spread over its two source positions with the linear weights (the bilinear op's taps, in one
// dimension).

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"
#include "detbench/ops/UpsampleBilinear2dBackwardOp.hpp"

namespace detbench::ops {

struct UpsampleLinear1dBackwardOp {
  static constexpr std::string_view kName = "upsample_linear1d_backward";
  static constexpr std::string_view kSizeParam = "width";
  struct Problem {
    std::int64_t batch, channels, width, scale;
    DETBENCH_HD std::int64_t outWidth() const { return width * scale; }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return width; }
    DETBENCH_HD std::int64_t outPlane() const { return outWidth(); }
  };
  enum Input { kGradOutput };
  template <typename T>
  struct Args {
    const T* gradOutput;
  };
  using Linear = UpsampleBilinear2dBackwardOp;

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return 2 * (p.scale + 2); }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const auto w = Linear::tap<T>(p.width, p.outWidth(), o);
    const T g = a.gradOutput[plane * p.outPlane() + o];
    const std::int64_t base = plane * p.inPlane();
    add(base + w.i0, w.l0 * g);
    add(base + w.i1, w.l1 * g);
  }
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {1, 1, 0}, {1, 1, p.outWidth()}};
    Linear::spanning<T>(i, p.width, p.outWidth(), b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<UpsampleLinear1dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
