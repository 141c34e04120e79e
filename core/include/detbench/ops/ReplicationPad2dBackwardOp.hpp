#pragma once
// replication_pad2d backward (the same padding on every side): each gradient of the padded
// output goes to the input element its position was copied from (the nearest edge element), so
// the edges and corners of the input receive many terms and the interior one.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PadRules.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct ReplicationPad2dBackwardOp {
  static constexpr std::string_view kName = "replication_pad2d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, height, width, pad;
    DETBENCH_HD std::int64_t outHeight() const { return height + 2 * pad; }
    DETBENCH_HD std::int64_t outWidth() const { return width + 2 * pad; }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return outHeight() * outWidth(); }
    // The input position an output position along one dimension was copied from.
    DETBENCH_HD std::int64_t source(std::int64_t o, std::int64_t in) const {
      return PadRule<PadMode::Replicate>::source(o, in, pad);
    }
    // The output positions copied from input position i: one, or the band beyond an edge.
    DETBENCH_HD void copies(std::int64_t i, std::int64_t in, std::int64_t& begin,
                            std::int64_t& end) const {
      PadRule<PadMode::Replicate>::copies(i, in, pad, begin, end);
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
  // A corner receives (pad + 1) terms per dimension, or 2 pad + 1 where the input is 1 wide.
  static std::int64_t maxTerms(const Problem& p) {
    const auto along = [&p](std::int64_t in) { return in == 1 ? 2 * p.pad + 1 : p.pad + 1; };
    return along(p.height) * along(p.width);
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t oh = o / p.outWidth(), ow = o % p.outWidth();
    add(plane * p.inPlane() + p.source(oh, p.height) * p.width + p.source(ow, p.width),
        a.gradOutput[plane * p.outPlane() + o]);
  }
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {1, 0, 0}, {1, p.outHeight(), p.outWidth()}};
    p.copies(i / p.width, p.height, b.begin[1], b.end[1]);
    p.copies(i % p.width, p.width, b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<ReplicationPad2dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
