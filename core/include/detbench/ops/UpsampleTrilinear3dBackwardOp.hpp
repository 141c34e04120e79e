#pragma once
// upsample_trilinear3d backward (align_corners=False, integer scale): each output gradient is
// spread over its eight source voxels with the trilinear weights (the bilinear op's taps, in
// three dimensions).

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/PlaneScatter.hpp"
#include "detbench/ops/UpsampleBilinear2dBackwardOp.hpp"

namespace detbench::ops {

struct UpsampleTrilinear3dBackwardOp {
  static constexpr std::string_view kName = "upsample_trilinear3d_backward";
  static constexpr std::string_view kSizeParam = "height";
  struct Problem {
    std::int64_t batch, channels, depth, height, width, scale;
    DETBENCH_HD std::int64_t outDepth() const { return depth * scale; }
    DETBENCH_HD std::int64_t outHeight() const { return height * scale; }
    DETBENCH_HD std::int64_t outWidth() const { return width * scale; }
    DETBENCH_HD std::int64_t planes() const { return batch * channels; }
    DETBENCH_HD std::int64_t inPlane() const { return depth * height * width; }
    DETBENCH_HD std::int64_t outPlane() const { return outDepth() * outHeight() * outWidth(); }
  };
  enum Input { kGradOutput };
  template <typename T>
  struct Args {
    const T* gradOutput;
  };
  using Linear = UpsampleBilinear2dBackwardOp;

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) {
    return 8 * (p.scale + 2) * (p.scale + 2) * (p.scale + 2);
  }

  // The eight contributions of output o, depth tap outermost, as PyTorch's CPU kernel visits
  // them; each weight is the product of the three lambdas, times the gradient.
  template <typename T, typename Add>
  DETBENCH_HD static void scatter(const Problem& p, const Args<T>& a, std::int64_t plane,
                                  std::int64_t o, Add&& add) {
    const std::int64_t hw = p.outHeight() * p.outWidth();
    const std::int64_t od = o / hw, oh = (o % hw) / p.outWidth(), ow = o % p.outWidth();
    const auto d = Linear::tap<T>(p.depth, p.outDepth(), od);
    const auto h = Linear::tap<T>(p.height, p.outHeight(), oh);
    const auto w = Linear::tap<T>(p.width, p.outWidth(), ow);
    const T g = a.gradOutput[plane * p.outPlane() + o];
    const std::int64_t base = plane * p.inPlane();
    const std::int64_t di[2] = {d.i0, d.i1}, hi[2] = {h.i0, h.i1}, wi[2] = {w.i0, w.i1};
    const T dl[2] = {d.l0, d.l1}, hl[2] = {h.l0, h.l1}, wl[2] = {w.l0, w.l1};
    for (int x = 0; x < 2; ++x) {
      for (int y = 0; y < 2; ++y) {
        for (int z = 0; z < 2; ++z) {
          add(base + (di[x] * p.height + hi[y]) * p.width + wi[z], dl[x] * hl[y] * wl[z] * g);
        }
      }
    }
  }

  template <typename T>
  DETBENCH_HD static SourceBox sources(const Problem& p, std::int64_t i) {
    SourceBox b{{0, 0, 0}, {0, 0, 0}, {p.outDepth(), p.outHeight(), p.outWidth()}};
    const std::int64_t hw = p.height * p.width;
    Linear::spanning<T>(i / hw, p.depth, p.outDepth(), b.begin[0], b.end[0]);
    Linear::spanning<T>((i % hw) / p.width, p.height, p.outHeight(), b.begin[1], b.end[1]);
    Linear::spanning<T>(i % p.width, p.width, p.outWidth(), b.begin[2], b.end[2]);
    return b;
  }
  template <typename T>
  static void sequential(const Problem& p, const Args<T>& a, T* out) {
    planeScatterSequential<UpsampleTrilinear3dBackwardOp>(p, a, out);
  }
};

}  // namespace detbench::ops
