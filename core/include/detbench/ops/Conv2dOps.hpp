#pragma once
// 2-D convolution (torch.nn.functional.conv2d, NCHW, float32, cross-correlation, no dilation,
// no groups) in its three passes: forward, backward data (the input's gradient) and backward
// filter (the weight's gradient). On CUDA each pass is one cuDNN call whose algorithm PyTorch's
// rules choose (see kernels/cuda/src/ops/ConvKernels.cu); the CPU devices compute each output
// element as a sum in a fixed order (the sequential reference and the deterministic form) or,
// as a contrast like cuDNN's atomic algorithms, add partial sums atomically.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct ConvProblem {
  std::int64_t n, c, k, h, w, r, s, stride, pad;
  bool tf32;
  bool rebenchmark;
  std::int64_t p() const { return (h + 2 * pad - r) / stride + 1; }
  std::int64_t q() const { return (w + 2 * pad - s) / stride + 1; }
  Shape xShape() const { return {n, c, h, w}; }
  Shape wShape() const { return {k, c, r, s}; }
  Shape yShape() const { return {n, k, p(), q()}; }

  std::int64_t xAt(std::int64_t ni, std::int64_t ci, std::int64_t y, std::int64_t x) const {
    return ((ni * c + ci) * h + y) * w + x;
  }
  std::int64_t wAt(std::int64_t ki, std::int64_t ci, std::int64_t ri, std::int64_t si) const {
    return ((ki * c + ci) * r + ri) * s + si;
  }
  std::int64_t yAt(std::int64_t ni, std::int64_t ki, std::int64_t pi, std::int64_t qi) const {
    return ((ni * k + ki) * p() + pi) * q() + qi;
  }
  // The input row (or column) that output row pi and filter row ri read, or -1 outside.
  std::int64_t inRow(std::int64_t pi, std::int64_t ri) const {
    const std::int64_t y = pi * stride - pad + ri;
    return y >= 0 && y < h ? y : -1;
  }
  std::int64_t inCol(std::int64_t qi, std::int64_t si) const {
    const std::int64_t x = qi * stride - pad + si;
    return x >= 0 && x < w ? x : -1;
  }
  // The output row that reads input row y through filter row ri, or -1 when none does.
  std::int64_t outRow(std::int64_t y, std::int64_t ri) const {
    const std::int64_t t = y + pad - ri;
    return t >= 0 && t % stride == 0 && t / stride < p() ? t / stride : -1;
  }
  std::int64_t outCol(std::int64_t x, std::int64_t si) const {
    const std::int64_t t = x + pad - si;
    return t >= 0 && t % stride == 0 && t / stride < q() ? t / stride : -1;
  }

  // One output element of each pass, its terms added in a fixed order.
  template <typename T>
  T forwardAt(const T* x, const T* wt, std::int64_t ni, std::int64_t ki, std::int64_t pi,
              std::int64_t qi, std::int64_t c0, std::int64_t c1) const {
    T acc{0};
    for (std::int64_t ci = c0; ci < c1; ++ci)
      for (std::int64_t ri = 0; ri < r; ++ri) {
        const std::int64_t y = inRow(pi, ri);
        if (y < 0) continue;
        for (std::int64_t si = 0; si < s; ++si) {
          const std::int64_t xx = inCol(qi, si);
          if (xx >= 0) acc += x[xAt(ni, ci, y, xx)] * wt[wAt(ki, ci, ri, si)];
        }
      }
    return acc;
  }
  template <typename T>
  T dataAt(const T* dy, const T* wt, std::int64_t ni, std::int64_t ci, std::int64_t y,
           std::int64_t xx) const {
    T acc{0};
    for (std::int64_t ki = 0; ki < k; ++ki)
      for (std::int64_t ri = 0; ri < r; ++ri) {
        const std::int64_t pi = outRow(y, ri);
        if (pi < 0) continue;
        for (std::int64_t si = 0; si < s; ++si) {
          const std::int64_t qi = outCol(xx, si);
          if (qi >= 0) acc += dy[yAt(ni, ki, pi, qi)] * wt[wAt(ki, ci, ri, si)];
        }
      }
    return acc;
  }
  template <typename T>
  T filterAt(const T* x, const T* dy, std::int64_t ki, std::int64_t ci, std::int64_t ri,
             std::int64_t si, std::int64_t n0, std::int64_t n1) const {
    T acc{0};
    for (std::int64_t ni = n0; ni < n1; ++ni)
      for (std::int64_t pi = 0; pi < p(); ++pi) {
        const std::int64_t y = inRow(pi, ri);
        if (y < 0) continue;
        for (std::int64_t qi = 0; qi < q(); ++qi) {
          const std::int64_t xx = inCol(qi, si);
          if (xx >= 0) acc += dy[yAt(ni, ki, pi, qi)] * x[xAt(ni, ci, y, xx)];
        }
      }
    return acc;
  }
};

const std::vector<ParamSpec>& convParams();
ConvProblem convProblem(const OpParams& p);

// What the three passes share: the parameters, the problem and the size parameter.
struct ConvPassOp {
  static constexpr std::string_view kSizeParam = "batch";
  using Problem = ConvProblem;
  static const std::vector<ParamSpec>& params() { return convParams(); }
  static Problem problem(const OpParams& p) { return convProblem(p); }
};

struct Conv2dForwardOp : ConvPassOp {
  static constexpr std::string_view kName = "conv2d_forward";
  enum Input { kX, kW };
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.c * p.r * p.s; }
  template <typename T>
  static void sequential(const Problem& p, const T* x, const T* w, T* y) {
    for (std::int64_t ni = 0; ni < p.n; ++ni)
      for (std::int64_t ki = 0; ki < p.k; ++ki)
        for (std::int64_t pi = 0; pi < p.p(); ++pi)
          for (std::int64_t qi = 0; qi < p.q(); ++qi)
            y[p.yAt(ni, ki, pi, qi)] = p.forwardAt(x, w, ni, ki, pi, qi, 0, p.c);
  }
};

struct Conv2dBackwardDataOp : ConvPassOp {
  static constexpr std::string_view kName = "conv2d_backward_data";
  enum Input { kDy, kW };
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.k * p.r * p.s; }
  template <typename T>
  static void sequential(const Problem& p, const T* dy, const T* w, T* dx) {
    for (std::int64_t ni = 0; ni < p.n; ++ni)
      for (std::int64_t ci = 0; ci < p.c; ++ci)
        for (std::int64_t y = 0; y < p.h; ++y)
          for (std::int64_t x = 0; x < p.w; ++x)
            dx[p.xAt(ni, ci, y, x)] = p.dataAt(dy, w, ni, ci, y, x);
  }
};

struct Conv2dBackwardFilterOp : ConvPassOp {
  static constexpr std::string_view kName = "conv2d_backward_filter";
  enum Input { kX, kDy };
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.n * p.p() * p.q(); }
  template <typename T>
  static void sequential(const Problem& p, const T* x, const T* dy, T* dw) {
    for (std::int64_t ki = 0; ki < p.k; ++ki)
      for (std::int64_t ci = 0; ci < p.c; ++ci)
        for (std::int64_t ri = 0; ri < p.r; ++ri)
          for (std::int64_t si = 0; si < p.s; ++si)
            dw[p.wAt(ki, ci, ri, si)] = p.filterAt(x, dy, ki, ci, ri, si, 0, p.n);
  }
};

}  // namespace detbench::ops
