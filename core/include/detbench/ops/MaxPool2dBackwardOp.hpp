#pragma once
// max_pool2d backward with overlapping windows (kernel > stride, no padding): each output
// gradient is added to the input position that was the window's maximum in the forward pass.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"

namespace detbench::ops {

struct MaxPool2dBackwardOp {
  static constexpr std::string_view kName = "max_pool2d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, height, width, kernel, stride;
    DETBENCH_HD std::int64_t outHeight() const { return (height - kernel) / stride + 1; }
    DETBENCH_HD std::int64_t outWidth() const { return (width - kernel) / stride + 1; }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return outHeight() * outWidth(); }
  };
  // self is the forward input (the peer test needs it); indices are flat within a plane.
  enum Input { kSelf, kGradOutput, kIndices };
  template <typename T>
  struct Args {
    const T* gradOutput;
    const std::int64_t* indices;
  };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) {
    const std::int64_t per = (p.kernel + p.stride - 1) / p.stride;
    return per * per;
  }

  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t g = plane * p.outPlane() + o;
    add(plane * p.inPlane() + a.indices[g], a.gradOutput[g]);
  }

  // The windows containing input i (the maximum a window picked lies inside it).
  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {1, 0, 0}, {1, p.outHeight(), p.outWidth()}};
    windowSources(i / p.width, p.kernel, p.stride, 0, p.outHeight(), b.begin[1], b.end[1]);
    windowSources(i % p.width, p.kernel, p.stride, 0, p.outWidth(), b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<MaxPool2dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
