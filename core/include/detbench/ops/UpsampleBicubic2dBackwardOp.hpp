#pragma once
// upsample_bicubic2d backward (align_corners=False, integer scale of 2 or more): each output
// gradient is spread over the 4 x 4 input pixels around its source position with the cubic
// convolution weights (A = -0.75); taps beyond an edge are clamped onto the edge pixel, so an
// edge pixel can receive several taps of one output. The sequential form is PyTorch's CPU
// kernel (UpSampleBicubic2d.cpp): outputs in order, then the horizontal tap i, then the
// vertical tap j, adding (g * wy[j]) * wx[i], with its float arithmetic.

#include <math.h>
#include <algorithm>

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct UpsampleBicubic2dBackwardOp {
  static constexpr std::string_view kName = "upsample_bicubic2d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, height, width, scale;
    // For the reference's magnitude: every weight taken as its absolute value (cubic weights
    // can be negative).
    bool absoluteWeights = false;
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

  // The source position of output o along one dimension: its first tap (before clamping) and
  // the four weights, as PyTorch computes them (area_pixel_compute_source_index with cubic,
  // get_cubic_upsample_coefficients).
  template <typename T>
  struct Taps {
    std::int64_t first;  // input_x - 1
    T w[4];
  };
  template <typename T>
  DETBENCH_HD static T convolution1(T x, T a) {
    return ((a + T(2)) * x - (a + T(3))) * x * x + T(1);
  }
  template <typename T>
  DETBENCH_HD static T convolution2(T x, T a) {
    return ((a * x - T(5) * a) * x + T(8) * a) * x - T(4) * a;
  }
  template <typename T>
  DETBENCH_HD static Taps<T> taps(std::int64_t inSize, std::int64_t outSize, std::int64_t o,
                                  bool absolute) {
    const T scale = static_cast<T>(inSize) / static_cast<T>(outSize);
    const T real = scale * (static_cast<T>(o) + T(0.5)) - T(0.5);
    T floor;
    if constexpr (sizeof(T) == sizeof(float)) {
      floor = floorf(real);
    } else {
      floor = ::floor(real);
    }
    const T t = real - floor;
    const T a = T(-0.75);
    Taps<T> r{static_cast<std::int64_t>(floor) - 1,
              {convolution2<T>(t + T(1), a), convolution1<T>(t, a), convolution1<T>(T(1) - t, a),
               convolution2<T>((T(1) - t) + T(1), a)}};
    if (absolute) {
      for (T& w : r.w) w = w < T(0) ? -w : w;
    }
    return r;
  }
  DETBENCH_HD static std::int64_t clamp(std::int64_t x, std::int64_t size) {
    return x < 0 ? 0 : (x >= size ? size - 1 : x);
  }

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // Per dimension, the outputs whose four taps reach a pixel (clamped), four taps each.
  static std::int64_t maxTerms(const Problem& p) {
    const std::int64_t along = 4 * (4 * p.scale + 4);
    return along * along;
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t oh = o / p.outWidth(), ow = o % p.outWidth();
    const Taps<T> y = taps<T>(p.height, p.outHeight(), oh, p.absoluteWeights);
    const Taps<T> x = taps<T>(p.width, p.outWidth(), ow, p.absoluteWeights);
    const T g = a.gradOutput[plane * p.outPlane() + o];
    const std::int64_t base = plane * p.inPlane();
    for (int i = 0; i < 4; ++i) {
      const std::int64_t col = clamp(x.first + i, p.width);
      for (int j = 0; j < 4; ++j) {
        add(base + clamp(y.first + j, p.height) * p.width + col, g * y.w[j] * x.w[i]);
      }
    }
  }

  // The outputs o whose clamped taps reach input position v: clamp(first(o)) <= v <=
  // clamp(first(o) + 3). first(o) is nondecreasing in o (the same float arithmetic as taps),
  // so two binary searches find them.
  template <typename T>
  DETBENCH_HD static void reaching(std::int64_t v, std::int64_t inSize, std::int64_t outSize,
                                   std::int64_t& begin, std::int64_t& end) {
    std::int64_t lo = 0, hi = outSize;  // first o whose last tap reaches v
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (clamp(taps<T>(inSize, outSize, mid, false).first + 3, inSize) >= v) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    begin = lo;
    hi = outSize;  // first o whose first tap is past v
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (clamp(taps<T>(inSize, outSize, mid, false).first, inSize) > v) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    end = lo;
  }
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {1, 0, 0}, {1, p.outHeight(), p.outWidth()}};
    reaching<T>(i / p.width, p.height, p.outHeight(), b.begin[1], b.end[1]);
    reaching<T>(i % p.width, p.width, p.outWidth(), b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<UpsampleBicubic2dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
