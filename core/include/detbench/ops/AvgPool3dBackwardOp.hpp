#pragma once
// avg_pool3d backward (count_include_pad=True, ceil_mode=False): each output gradient divided
// by its window size and added to every input of its (overlapping) window.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct AvgPool3dBackwardOp {
  static constexpr std::string_view kName = "avg_pool3d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, depth, height, width, kernel, stride, padding;
    DETBENCH_HD std::int64_t out(std::int64_t in) const {
      return (in + 2 * padding - kernel) / stride + 1;
    }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return depth * height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return out(depth) * out(height) * out(width); }
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
    const std::int64_t per = (p.kernel + p.stride - 1) / p.stride;
    return per * per * per;
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t ow = o % p.out(p.width);
    const std::int64_t oh = (o / p.out(p.width)) % p.out(p.height);
    const std::int64_t od = o / (p.out(p.width) * p.out(p.height));
    std::int64_t d0 = od * p.stride - p.padding, h0 = oh * p.stride - p.padding,
                 w0 = ow * p.stride - p.padding;
    std::int64_t d1 = std::min(d0 + p.kernel, p.depth + p.padding);
    std::int64_t h1 = std::min(h0 + p.kernel, p.height + p.padding);
    std::int64_t w1 = std::min(w0 + p.kernel, p.width + p.padding);
    const std::int64_t divisor = (d1 - d0) * (h1 - h0) * (w1 - w0);
    d0 = std::max<std::int64_t>(d0, 0), h0 = std::max<std::int64_t>(h0, 0),
    w0 = std::max<std::int64_t>(w0, 0);
    d1 = std::min(d1, p.depth), h1 = std::min(h1, p.height), w1 = std::min(w1, p.width);
    const T v = a.gradOutput[plane * p.outPlane() + o] / static_cast<T>(divisor);
    const std::int64_t base = plane * p.inPlane();
    for (std::int64_t d = d0; d < d1; ++d)
      for (std::int64_t h = h0; h < h1; ++h)
        for (std::int64_t w = w0; w < w1; ++w) add(base + (d * p.height + h) * p.width + w, v);
  }

  // The windows containing input i (clamping a window at the borders only shrinks it).
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {0, 0, 0}, {p.out(p.depth), p.out(p.height), p.out(p.width)}};
    const std::int64_t w = i % p.width, h = (i / p.width) % p.height, d = i / (p.width * p.height);
    windowSources(d, p.kernel, p.stride, p.padding, b.size[0], b.begin[0], b.end[0]);
    windowSources(h, p.kernel, p.stride, p.padding, b.size[1], b.begin[1], b.end[1]);
    windowSources(w, p.kernel, p.stride, p.padding, b.size[2], b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<AvgPool3dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
