#pragma once
// reflection_pad2d backward (the same padding on every side, smaller than the input): each
// gradient of the padded output goes to the input element its position mirrors (the edge
// element itself is not repeated: input 0 1 2 3 padded by 2 reads 2 1 0 1 2 3 2 1), so the
// elements next to an edge, up to `pad` deep, receive two or three terms per dimension and the
// rest one.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PadRules.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct ReflectionPad2dBackwardOp {
  static constexpr std::string_view kName = "reflection_pad2d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, height, width, pad;
    DETBENCH_HD std::int64_t outHeight() const { return height + 2 * pad; }
    DETBENCH_HD std::int64_t outWidth() const { return width + 2 * pad; }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return outHeight() * outWidth(); }
    // The input position an output position along one dimension mirrors.
    DETBENCH_HD std::int64_t source(std::int64_t o, std::int64_t in) const {
      return PadRule<PadMode::Reflect>::source(o, in, pad);
    }
    // The output positions that mirror input position i lie in [begin, end) (PadRules.hpp);
    // positions in between that mirror other elements are skipped by the gather.
    DETBENCH_HD void copies(std::int64_t i, std::int64_t in, std::int64_t& begin,
                            std::int64_t& end) const {
      PadRule<PadMode::Reflect>::copies(i, in, pad, begin, end);
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
  // At most three terms per dimension: its own, a left and a right mirror (with pad < in).
  static std::int64_t maxTerms(const Problem&) { return 9; }

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
    planeScatterSequential<ReflectionPad2dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
