#pragma once
// adaptive_avg_pool2d backward: output cell o covers input rows [floor(o*H/Ho),
// ceil((o+1)*H/Ho)) (likewise columns); the windows overlap when H is not a multiple of Ho.
// Each output gradient is divided by the window's height and then its width (as PyTorch does)
// and added to every input of the window.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct AdaptiveAvgPool2dBackwardOp {
  static constexpr std::string_view kName = "adaptive_avg_pool2d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, height, width, outHeight, outWidth;
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return outHeight * outWidth; }
    DETBENCH_HD static std::int64_t start(std::int64_t o, std::int64_t out, std::int64_t in) {
      return (o * in) / out;
    }
    DETBENCH_HD static std::int64_t end(std::int64_t o, std::int64_t out, std::int64_t in) {
      return ((o + 1) * in + out - 1) / out;
    }
  };
  enum Input { kGradOutput };
  template <typename T>
  struct Args {
    const T* gradOutput;
  };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) {
    return (p.height / p.outHeight + 2) * (p.width / p.outWidth + 2);
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t oh = o / p.outWidth, ow = o % p.outWidth;
    const std::int64_t h0 = Problem::start(oh, p.outHeight, p.height);
    const std::int64_t h1 = Problem::end(oh, p.outHeight, p.height);
    const std::int64_t w0 = Problem::start(ow, p.outWidth, p.width);
    const std::int64_t w1 = Problem::end(ow, p.outWidth, p.width);
    const T v =
        a.gradOutput[plane * p.outPlane() + o] / static_cast<T>(h1 - h0) / static_cast<T>(w1 - w0);
    const std::int64_t base = plane * p.inPlane();
    for (std::int64_t h = h0; h < h1; ++h)
      for (std::int64_t w = w0; w < w1; ++w) add(base + h * p.width + w, v);
  }

  // Output o covers input x when start(o) <= x < end(o), which holds exactly for
  // o in [floor(x * out / in), floor((x + 1) * out / in)] (within [0, out)).
  DETBENCH_HD static void covering(std::int64_t x, std::int64_t out, std::int64_t in,
                                   std::int64_t& begin, std::int64_t& end) {
    begin = (x * out) / in;
    end = ((x + 1) * out) / in + 1 < out ? ((x + 1) * out) / in + 1 : out;
  }
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {1, 0, 0}, {1, p.outHeight, p.outWidth}};
    covering(i / p.width, p.outHeight, p.height, b.begin[1], b.end[1]);
    covering(i % p.width, p.outWidth, p.width, b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<AdaptiveAvgPool2dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
