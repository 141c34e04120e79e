#pragma once
// max_unpool1d, 2d and 3d: F.max_unpoolNd(input, indices, kernel, stride) writes each input
// value into a zero output at the position its index names within its plane (batch x
// channels). The indices here are drawn at random, so positions repeat and the result of a
// repeated position is whichever write lands last: in input order, the last one (the
// sequential form, and PyTorch's CPU kernel on one thread).

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

template <int D>
struct MaxUnpoolOp {
  static constexpr std::string_view kName = D == 1   ? "max_unpool1d"
                                            : D == 2 ? "max_unpool2d"
                                                     : "max_unpool3d";
  static constexpr std::string_view kSizeParam = D == 1 ? "width" : "height";
  struct Problem {
    std::int64_t batch, channels;
    std::int64_t in[3];  // input depth, height, width (1 where the op has fewer dimensions)
    std::int64_t kernel, stride;
    std::int64_t out(int d) const { return d < 3 - D ? 1 : (in[d] - 1) * stride + kernel; }
    std::int64_t planes() const { return batch * channels; }
    std::int64_t inPlane() const { return in[0] * in[1] * in[2]; }
    std::int64_t outPlane() const { return out(0) * out(1) * out(2); }
  };
  // Input order: input, indices (both [batch, channels, spatial...]).
  enum Input { kInput, kIndices };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // A copy: no rounding.
  static std::int64_t maxTerms(const Problem&) { return 1; }

  template <typename T>
  static void sequential(const Problem& p, const T* input, const std::int64_t* indices, T* out) {
    std::fill(out, out + p.planes() * p.outPlane(), T{0});
    for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
      for (std::int64_t i = 0; i < p.inPlane(); ++i) {
        const std::int64_t g = plane * p.inPlane() + i;
        out[plane * p.outPlane() + indices[g]] = input[g];
      }
    }
  }
};

using MaxUnpool1dOp = MaxUnpoolOp<1>;
using MaxUnpool2dOp = MaxUnpoolOp<2>;
using MaxUnpool3dOp = MaxUnpoolOp<3>;

}  // namespace detbench::ops
