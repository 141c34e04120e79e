#pragma once
// adaptive_avg_pool3d backward: output cell o covers input positions [floor(o in / out),
// ceil((o + 1) in / out)) along each of depth, height and width; the windows overlap where in is
// not a multiple of out. Each output gradient is divided by the window's depth, then its height,
// then its width (as PyTorch's CPU kernel does) and added to every input of the window.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct AdaptiveAvgPool3dBackwardOp {
  static constexpr std::string_view kName = "adaptive_avg_pool3d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels;
    std::int64_t in[3], out[3];  // depth, height, width
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return in[0] * in[1] * in[2]; }
    DETBENCH_HD std::int64_t outPlane() const { return out[0] * out[1] * out[2]; }
    DETBENCH_HD std::int64_t start(int d, std::int64_t o) const { return (o * in[d]) / out[d]; }
    DETBENCH_HD std::int64_t end(int d, std::int64_t o) const {
      return ((o + 1) * in[d] + out[d] - 1) / out[d];
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
    std::int64_t terms = 1;
    for (int d = 0; d < 3; ++d) terms *= p.out[d] / p.in[d] + 2;
    return terms;
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t oc[3] = {o / (p.out[1] * p.out[2]), (o / p.out[2]) % p.out[1], o % p.out[2]};
    std::int64_t b[3], e[3];
    for (int d = 0; d < 3; ++d) b[d] = p.start(d, oc[d]), e[d] = p.end(d, oc[d]);
    const T v = a.gradOutput[plane * p.outPlane() + o] / static_cast<T>(e[0] - b[0]) /
                static_cast<T>(e[1] - b[1]) / static_cast<T>(e[2] - b[2]);
    const std::int64_t base = plane * p.inPlane();
    for (std::int64_t i0 = b[0]; i0 < e[0]; ++i0)
      for (std::int64_t i1 = b[1]; i1 < e[1]; ++i1)
        for (std::int64_t i2 = b[2]; i2 < e[2]; ++i2)
          add(base + (i0 * p.in[1] + i1) * p.in[2] + i2, v);
  }

  // Output o covers input x when start(o) <= x < end(o): o in [floor(x out / in),
  // floor((x + 1) out / in)] within [0, out).
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {0, 0, 0}, {p.out[0], p.out[1], p.out[2]}};
    const std::int64_t x[3] = {i / (p.in[1] * p.in[2]), (i / p.in[2]) % p.in[1], i % p.in[2]};
    for (int d = 0; d < 3; ++d) {
      b.begin[d] = (x[d] * p.out[d]) / p.in[d];
      const std::int64_t last = ((x[d] + 1) * p.out[d]) / p.in[d] + 1;
      b.end[d] = last < p.out[d] ? last : p.out[d];
    }
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<AdaptiveAvgPool3dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
