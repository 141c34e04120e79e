#pragma once
// replication_pad1d/2d/3d and reflection_pad1d/2d/3d backward (the same padding on every side of
// every padded dimension): each gradient of the padded output goes to the input element its
// position was copied from (PadRules.hpp), so the elements at or near the edges receive several
// terms. Replicate copies the nearest edge element: the edges and corners receive many terms, the
// interior one. Reflect mirrors without repeating the edge element (input 0 1 2 3 padded by 2
// reads 2 1 0 1 2 3 2 1): the elements up to `pad` deep receive two or three terms per dimension.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PadRules.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

template <PadMode M, int D>
struct PadBackwardOp {
  static_assert(D >= 1 && D <= 3);
  static constexpr std::string_view kName = M == PadMode::Replicate
                                                ? (D == 1   ? "replication_pad1d_backward"
                                                   : D == 2 ? "replication_pad2d_backward"
                                                            : "replication_pad3d_backward")
                                                : (D == 1   ? "reflection_pad1d_backward"
                                                   : D == 2 ? "reflection_pad2d_backward"
                                                            : "reflection_pad3d_backward");
  static constexpr std::string_view kSizeParam = D == 1 ? "width" : "height";
  struct Problem {
    std::int64_t batch, channels;
    std::int64_t in[3];  // depth, height, width (1 where the op has fewer dimensions)
    std::int64_t pad;
    // The padding along dimension d (none along the unused ones).
    DETBENCH_HD std::int64_t padOf(int d) const { return d < 3 - D ? 0 : pad; }
    DETBENCH_HD std::int64_t out(int d) const { return in[d] + 2 * padOf(d); }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return in[0] * in[1] * in[2]; }
    DETBENCH_HD std::int64_t outPlane() const { return out(0) * out(1) * out(2); }
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
  // Replicate: a corner takes pad + 1 terms per dimension (2 pad + 1 where the input is 1 wide);
  // reflect: at most three per dimension.
  static std::int64_t maxTerms(const Problem& p) {
    std::int64_t terms = 1;
    for (int d = 3 - D; d < 3; ++d) {
      terms *= M == PadMode::Reflect ? 3 : (p.in[d] == 1 ? 2 * p.pad + 1 : p.pad + 1);
    }
    return terms;
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t oc[3] = {o / (p.out(1) * p.out(2)), (o / p.out(2)) % p.out(1), o % p.out(2)};
    std::int64_t ic[3];
    for (int d = 0; d < 3; ++d) ic[d] = PadRule<M>::source(oc[d], p.in[d], p.padOf(d));
    add(plane * p.inPlane() + (ic[0] * p.in[1] + ic[1]) * p.in[2] + ic[2],
        a.gradOutput[plane * p.outPlane() + o]);
  }
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {0, 0, 0}, {p.out(0), p.out(1), p.out(2)}};
    const std::int64_t x[3] = {i / (p.in[1] * p.in[2]), (i / p.in[2]) % p.in[1], i % p.in[2]};
    for (int d = 0; d < 3; ++d) PadRule<M>::copies(x[d], p.in[d], p.padOf(d), b.begin[d], b.end[d]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<PadBackwardOp>(p, a, out);
  }
};

using ReplicationPad1dBackwardOp = PadBackwardOp<PadMode::Replicate, 1>;
using ReplicationPad2dBackwardOp = PadBackwardOp<PadMode::Replicate, 2>;
using ReplicationPad3dBackwardOp = PadBackwardOp<PadMode::Replicate, 3>;
using ReflectionPad1dBackwardOp = PadBackwardOp<PadMode::Reflect, 1>;
using ReflectionPad2dBackwardOp = PadBackwardOp<PadMode::Reflect, 2>;
using ReflectionPad3dBackwardOp = PadBackwardOp<PadMode::Reflect, 3>;

}  // namespace detbench::ops
