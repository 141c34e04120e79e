#include "detbench/ops/PadBackwardOps.hpp"

#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

namespace {

Shape planeShape(std::int64_t batch, std::int64_t channels, int dims,
                 const std::int64_t (&extent)[3]) {
  Shape s{batch, channels};
  for (int d = 3 - dims; d < 3; ++d) s.push_back(extent[d]);
  return s;
}

}  // namespace

template <PadMode M, int D>
const std::vector<ParamSpec>& PadBackwardOp<M, D>::params() {
  // Defaults: 1-D 8 x 32 x 1024 by 64; 2-D 8 x 32 x 64 x 64 by 16; 3-D 2 x 8 x 16^3 by 6.
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s{{"batch", "N", D == 3 ? 2 : 8, 1, 1 << 16},
                             {"channels", "C", D == 3 ? 8 : 32, 1, 1 << 16}};
    if (D == 3) s.push_back({"depth", "input D", 16, 1, 1 << 20});
    if (D >= 2) s.push_back({"height", "input H", D == 2 ? 64 : 16, 1, 1 << 20});
    s.push_back({"width", D == 1 ? "input length" : "input W", D == 1 ? 1024 : (D == 2 ? 64 : 16),
                 1, 1 << 20});
    s.push_back({"pad",
                 M == PadMode::Replicate
                     ? "padding on each side (larger: more terms at the edges)"
                     : "padding on each side, less than every input size (larger: more "
                       "mirrored terms)",
                 D == 1 ? 64 : (D == 2 ? 16 : 6), 0, 1 << 12});
    return s;
  }();
  return specs;
}

template <PadMode M, int D>
typename PadBackwardOp<M, D>::Problem PadBackwardOp<M, D>::problem(const OpParams& p) {
  const Problem pr{
      param(p, "batch"),
      param(p, "channels"),
      {D == 3 ? param(p, "depth") : 1, D >= 2 ? param(p, "height") : 1, param(p, "width")},
      param(p, "pad")};
  if (M == PadMode::Reflect) {
    // PyTorch: "Padding size should be less than the corresponding input dimension".
    for (int d = 3 - D; d < 3; ++d) {
      DETBENCH_CHECK_ARG(pr.pad < pr.in[d],
                         std::string(kName) + ": pad must be less than every input size");
    }
  }
  return pr;
}

template <PadMode M, int D>
std::vector<TensorSpec> PadBackwardOp<M, D>::inputSpecs(const Problem& p) {
  const std::int64_t out[3] = {p.out(0), p.out(1), p.out(2)};
  return {{"grad_output", planeShape(p.batch, p.channels, D, out), DType::Float32}};
}

template <PadMode M, int D>
TensorSpec PadBackwardOp<M, D>::outputSpec(const Problem& p) {
  return {"grad_input", planeShape(p.batch, p.channels, D, p.in), DType::Float32};
}

template <PadMode M, int D>
std::vector<HostTensor> PadBackwardOp<M, D>::makeInputs(const Problem& p,
                                                        const DataGenerator& data) {
  // 1-D and 3-D: uniform in [-1/3, 1/3). Values on a uniform grid (all multiples of one power
  // of two, as [-1, 1) gives) add exactly in twos, so an element of three terms (reflect, 1-D)
  // would sum to the same bits in any order. 2-D: [-1, 1), where an element of the input
  // receives up to nine terms.
  HostTensor g(inputSpecs(p)[kGradOutput].shape, DType::Float32);
  if constexpr (D == 2) {
    data.uniform(g.template as<float>(), 1, -1.0f, 1.0f);
  } else {
    data.uniform(g.template as<float>(), 1, -1.0f / 3, 1.0f / 3);
  }
  std::vector<HostTensor> t;
  t.push_back(std::move(g));
  return t;
}

template <PadMode M, int D>
Reference PadBackwardOp<M, D>::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, {d.f(kGradOutput)}, out);
  });
}

template struct PadBackwardOp<PadMode::Replicate, 1>;
template struct PadBackwardOp<PadMode::Replicate, 2>;
template struct PadBackwardOp<PadMode::Replicate, 3>;
template struct PadBackwardOp<PadMode::Reflect, 1>;
template struct PadBackwardOp<PadMode::Reflect, 2>;
template struct PadBackwardOp<PadMode::Reflect, 3>;

std::unique_ptr<OpDefinition> makeReplicationPad1dBackwardDefinition() {
  return makeDefinition<ReplicationPad1dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeReplicationPad2dBackwardDefinition() {
  return makeDefinition<ReplicationPad2dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeReplicationPad3dBackwardDefinition() {
  return makeDefinition<ReplicationPad3dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeReflectionPad1dBackwardDefinition() {
  return makeDefinition<ReflectionPad1dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeReflectionPad2dBackwardDefinition() {
  return makeDefinition<ReflectionPad2dBackwardOp>();
}
std::unique_ptr<OpDefinition> makeReflectionPad3dBackwardDefinition() {
  return makeDefinition<ReflectionPad3dBackwardOp>();
}

}  // namespace detbench::ops
