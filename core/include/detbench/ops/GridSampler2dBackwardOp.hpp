#pragma once
// grid_sampler_2d backward, the input's gradient (F.grid_sample with mode='bilinear',
// padding_mode='zeros', align_corners=False): each output position samples the input at the
// point its grid entry names, so its gradient is spread over the four pixels around that point
// with the bilinear weights; corners outside the input are dropped. Where a point lands is
// data (the grid), not a fixed window, so many points can land on one pixel.
//
// The sequential form is PyTorch's CPU kernel (GridSamplerKernel.cpp, AVX2 build): per batch
// element, the points in chunks of kLanes, and per chunk and channel the north-west corners of
// all its points, then the north-east, south-west and south-east ones. The unnormalisation
// (g + 1) * (size / 2) - 0.5 is one fused multiply-add there (the AVX2 kernels are compiled
// with FMA), so it is here: without it, 1 weight in 4 differs by an ulp from PyTorch's.
// The gradient of the grid is not computed: it is a per-point sum, deterministic on every
// device.
//
// The gather form (detbench's extension) computes each input pixel alone: the points whose
// north-west corner is cell (y, x) give it their nw weight, cell (y, x - 1) their ne weight,
// (y - 1, x) sw and (y - 1, x - 1) se; a cell index (points bucketed by cell, in point order)
// finds them, and merging the four lists in the sequential form's order makes the gather equal
// to the sequential form bit for bit. Unlike the fixed windows of the plane-scatter ops, the
// index has to be built from the grid: a stable bucketing of points, once for all channels.

#include <math.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct GridSampler2dBackwardOp {
  static constexpr std::string_view kName = "grid_sampler_2d_backward";
  static constexpr std::string_view kSizeParam = "out_height";
  // Points per chunk of PyTorch's CPU kernel: Vectorized<float>::size() with AVX2 (and in its
  // default build); 16 with AVX-512.
  static constexpr std::int64_t kLanes = 8;

  struct Problem {
    std::int64_t batch, channels, height, width, outHeight, outWidth, zoom;
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return height * width; }
    DETBENCH_HD std::int64_t points() const { return outHeight * outWidth; }
    // Cells of the index: the north-west corner of a point with at least one corner inside
    // lies in [-1, height) x [-1, width).
    DETBENCH_HD std::int64_t cells() const { return (height + 1) * (width + 1); }
  };
  enum Input { kGradOutput, kGrid };
  template <typename T>
  struct Args {
    const T* gradOutput;  // [batch, channels, outHeight, outWidth]
    const T* grid;        // [batch, outHeight, outWidth, 2]: x, y in [-1, 1] spans the input
  };

  // Where point `point` of batch element n samples: its north-west corner and the weights of
  // its corners nw, ne, sw, se.
  template <typename T>
  struct Sample {
    std::int64_t x, y;
    T w[4];
  };
  template <typename T>
  DETBENCH_HD static Sample<T> sample(const Problem& p, const T* grid, std::int64_t n,
                                      std::int64_t point) {
    const T* g = grid + (n * p.points() + point) * 2;
    T x, y, xw, yn;
    if constexpr (sizeof(T) == sizeof(float)) {
      x = fmaf(g[0] + 1.0f, static_cast<float>(p.width) / 2, -0.5f);
      y = fmaf(g[1] + 1.0f, static_cast<float>(p.height) / 2, -0.5f);
      xw = floorf(x);
      yn = floorf(y);
    } else {
      x = (g[0] + 1) * (static_cast<T>(p.width) / 2) - T(0.5);
      y = (g[1] + 1) * (static_cast<T>(p.height) / 2) - T(0.5);
      xw = ::floor(x);
      yn = ::floor(y);
    }
    const T w = x - xw, e = T(1) - w, nn = y - yn, s = T(1) - nn;
    return {static_cast<std::int64_t>(xw),
            static_cast<std::int64_t>(yn),
            {s * e, s * w, nn * e, nn * w}};
  }
  // Corner k (0 nw, 1 ne, 2 sw, 3 se) of a point whose north-west corner is (x, y).
  DETBENCH_HD static std::int64_t cornerX(std::int64_t x, int k) { return x + (k & 1); }
  DETBENCH_HD static std::int64_t cornerY(std::int64_t y, int k) { return y + (k >> 1); }
  DETBENCH_HD static bool inside(const Problem& p, std::int64_t x, std::int64_t y) {
    return x >= 0 && x < p.width && y >= 0 && y < p.height;
  }
  // The index cell of a north-west corner, or -1 when none of the point's corners is inside.
  DETBENCH_HD static std::int64_t cellOf(const Problem& p, std::int64_t x, std::int64_t y) {
    if (x < -1 || x >= p.width || y < -1 || y >= p.height) return -1;
    return (y + 1) * (p.width + 1) + (x + 1);
  }
  // The position of corner k of `point` in the sequential form's order within one plane.
  DETBENCH_HD static std::int64_t orderKey(std::int64_t point, int k) {
    return (point / kLanes) * (4 * kLanes) + k * kLanes + point % kLanes;
  }

  // One plane in PyTorch's CPU order, calling add(flat input index, value).
  template <typename T, typename Add>
  DETBENCH_HD static void planeInCpuOrder(const Problem& p, const Args<T>& a, std::int64_t plane,
                                          Add&& add) {
    const std::int64_t n = plane / p.channels;
    const T* go = a.gradOutput + plane * p.points();
    const std::int64_t base = plane * p.inPlane();
    for (std::int64_t first = 0; first < p.points(); first += kLanes) {
      const std::int64_t lanes = first + kLanes < p.points() ? kLanes : p.points() - first;
      Sample<T> s[kLanes];
      for (std::int64_t l = 0; l < lanes; ++l) s[l] = sample<T>(p, a.grid, n, first + l);
      for (int k = 0; k < 4; ++k) {
        for (std::int64_t l = 0; l < lanes; ++l) {
          const std::int64_t x = cornerX(s[l].x, k), y = cornerY(s[l].y, k);
          if (inside(p, x, y)) add(base + y * p.width + x, s[l].w[k] * go[first + l]);
        }
      }
    }
  }

  // One point's contributions as PyTorch's CUDA kernel makes them (one thread per point): per
  // channel, the corners nw, ne, sw, se.
  template <typename T, typename Add>
  DETBENCH_HD static void scatterPoint(const Problem& p, const Args<T>& a, std::int64_t n,
                                       std::int64_t point, Add&& add) {
    const Sample<T> s = sample<T>(p, a.grid, n, point);
    for (std::int64_t c = 0; c < p.channels; ++c) {
      const std::int64_t plane = n * p.channels + c;
      const T g = a.gradOutput[plane * p.points() + point];
      for (int k = 0; k < 4; ++k) {
        const std::int64_t x = cornerX(s.x, k), y = cornerY(s.y, k);
        if (inside(p, x, y)) add(plane * p.inPlane() + y * p.width + x, s.w[k] * g);
      }
    }
  }

  // Input pixel (y, x) of `plane`, alone, from the cell index: cellStart has cells() + 1
  // entries per batch element (offsets into cellPoints, which holds each cell's points in
  // increasing order). The four lists are merged by orderKey, so the terms are added in the
  // sequential form's order.
  template <typename T>
  DETBENCH_HD static T gather(const Problem& p, const Args<T>& a, const std::uint32_t* cellStart,
                              const std::uint32_t* cellPoints, std::int64_t plane, std::int64_t y,
                              std::int64_t x) {
    const std::int64_t n = plane / p.channels;
    const std::uint32_t* starts = cellStart + n * (p.cells() + 1);
    std::uint32_t at[4], end[4];
    for (int k = 0; k < 4; ++k) {
      // Corner k of points whose north-west corner is (x - dx, y - dy).
      const std::int64_t cell = cellOf(p, x - (k & 1), y - (k >> 1));
      at[k] = starts[cell];
      end[k] = starts[cell + 1];
    }
    const T* go = a.gradOutput + plane * p.points();
    T acc = T(0);
    for (;;) {
      int next = -1;
      std::int64_t best = 0;
      for (int k = 0; k < 4; ++k) {
        if (at[k] == end[k]) continue;
        const std::int64_t key = orderKey(cellPoints[at[k]], k);
        if (next < 0 || key < best) {
          next = k;
          best = key;
        }
      }
      if (next < 0) return acc;
      const std::int64_t point = cellPoints[at[next]++];
      acc += sample<T>(p, a.grid, n, point).w[next] * go[point];
    }
  }

  // The cell index on the host, by a counting sort (the cuda form builds the same with a
  // stable radix sort): cellStart gets batch * (cells() + 1) offsets, cellPoints the points.
  static void buildCellIndex(const Problem& p, const float* grid,
                             std::vector<std::uint32_t>& cellStart,
                             std::vector<std::uint32_t>& cellPoints);

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // A pixel gets at most one term from each point of its plane. The bound counts additions;
  // the rounding of the weights themselves (an ulp of the unnormalised position, so larger for
  // larger inputs) is outside it, and the test shapes keep it small.
  static std::int64_t maxTerms(const Problem& p) { return p.points(); }

  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    for (std::int64_t i = 0; i < p.planes() * p.inPlane(); ++i) out[i] = T(0);
    for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
      planeInCpuOrder(p, a, plane, [out](std::int64_t i, T v) { out[i] += v; });
    }
  }
};

}  // namespace detbench::ops
