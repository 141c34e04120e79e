#pragma once
// upsample_bilinear2d backward (align_corners=False, integer scale): each output gradient is
// spread over its four source pixels with the bilinear weights.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct UpsampleBilinear2dBackwardOp {
  static constexpr std::string_view kName = "upsample_bilinear2d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, height, width, scale;
    DETBENCH_HD std::int64_t outHeight() const { return height * scale; }
    DETBENCH_HD std::int64_t outWidth() const { return width * scale; }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return outHeight() * outWidth(); }
  };
  enum Input { kGradOutput };
  template <typename T>
  struct Args {
    const T* gradOutput;
  };

  template <typename T>
  struct Tap {
    std::int64_t i0, i1;
    T l0, l1;
  };
  // PyTorch's source index for align_corners=False: scale * (o + 0.5) - 0.5, clamped at 0.
  template <typename T>
  DETBENCH_HD static Tap<T> tap(std::int64_t inSize, std::int64_t outSize, std::int64_t o) {
    const T scale = static_cast<T>(inSize) / static_cast<T>(outSize);
    T src = scale * (static_cast<T>(o) + T(0.5)) - T(0.5);
    if (src < T(0)) src = T(0);
    const std::int64_t i0 = std::min(static_cast<std::int64_t>(src), inSize - 1);
    const std::int64_t i1 = i0 + (i0 < inSize - 1 ? 1 : 0);
    const T l1 = src - static_cast<T>(i0);
    return {i0, i1, T(1) - l1, l1};
  }

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return 4 * (p.scale + 2) * (p.scale + 2); }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t oh = o / p.outWidth(), ow = o % p.outWidth();
    const Tap<T> h = tap<T>(p.height, p.outHeight(), oh);
    const Tap<T> w = tap<T>(p.width, p.outWidth(), ow);
    const T g = a.gradOutput[plane * p.outPlane() + o];
    const std::int64_t base = plane * p.inPlane();
    add(base + h.i0 * p.width + w.i0, h.l0 * w.l0 * g);
    add(base + h.i0 * p.width + w.i1, h.l0 * w.l1 * g);
    add(base + h.i1 * p.width + w.i0, h.l1 * w.l0 * g);
    add(base + h.i1 * p.width + w.i1, h.l1 * w.l1 * g);
  }

  // The outputs o whose taps span input x: i0(o) <= x <= i1(o). Both taps are nondecreasing
  // in o (the same float arithmetic as tap), so two binary searches find them exactly.
  template <typename T>
  DETBENCH_HD static void spanning(std::int64_t x, std::int64_t inSize, std::int64_t outSize,
                                   std::int64_t& begin, std::int64_t& end) {
    std::int64_t lo = 0, hi = outSize;  // first o with i1(o) >= x
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (tap<T>(inSize, outSize, mid).i1 >= x)
        hi = mid;
      else
        lo = mid + 1;
    }
    begin = lo;
    hi = outSize;  // first o with i0(o) > x
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (tap<T>(inSize, outSize, mid).i0 > x)
        hi = mid;
      else
        lo = mid + 1;
    }
    end = lo;
  }
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {1, 0, 0}, {1, p.outHeight(), p.outWidth()}};
    spanning<T>(i / p.width, p.height, p.outHeight(), b.begin[1], b.end[1]);
    spanning<T>(i % p.width, p.width, p.outWidth(), b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<UpsampleBilinear2dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
