#include "detbench/ops/MaxUnpoolOps.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

namespace {

// The spatial dimensions of a D-dimensional op, outermost first.
Shape spatial(int dims, const std::int64_t (&extent)[3]) {
  Shape s;
  for (int d = 3 - dims; d < 3; ++d) s.push_back(extent[d]);
  return s;
}

}  // namespace

template <int D>
const std::vector<ParamSpec>& MaxUnpoolOp<D>::params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s{{"batch", "N", 4, 1, 1 << 16}, {"channels", "C", 8, 1, 1 << 16}};
    if (D == 3) s.push_back({"depth", "input D", 8, 1, 1 << 20});
    if (D >= 2) s.push_back({"height", "input H", D == 2 ? 32 : 8, 1, 1 << 20});
    s.push_back({"width", D == 1 ? "input length" : "input W",
                 D == 1   ? 1024
                 : D == 2 ? 32
                          : 8,
                 1, 1 << 20});
    s.push_back({"kernel", "window size", 2, 1, 64});
    s.push_back({"stride", "stride", 2, 1, 64});
    return s;
  }();
  return specs;
}

template <int D>
typename MaxUnpoolOp<D>::Problem MaxUnpoolOp<D>::problem(const OpParams& p) {
  return {param(p, "batch"),
          param(p, "channels"),
          {D == 3 ? param(p, "depth") : 1, D >= 2 ? param(p, "height") : 1, param(p, "width")},
          param(p, "kernel"),
          param(p, "stride")};
}

template <int D>
std::vector<TensorSpec> MaxUnpoolOp<D>::inputSpecs(const Problem& p) {
  Shape shape{p.batch, p.channels};
  for (const auto e : spatial(D, p.in)) shape.push_back(e);
  return {{"input", shape, DType::Float32}, {"indices", shape, DType::Int64}};
}

template <int D>
TensorSpec MaxUnpoolOp<D>::outputSpec(const Problem& p) {
  const std::int64_t out[3] = {p.out(0), p.out(1), p.out(2)};
  Shape shape{p.batch, p.channels};
  for (const auto e : spatial(D, out)) shape.push_back(e);
  return {"out", shape, DType::Float32};
}

template <int D>
std::vector<HostTensor> MaxUnpoolOp<D>::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kInput], data, 1));
  t.push_back(indexTensor(specs[kIndices], data, 2, p.outPlane()));
  return t;
}

template <int D>
Reference MaxUnpoolOp<D>::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kInput), indexData(in, kIndices), out);
  });
}

template struct MaxUnpoolOp<1>;
template struct MaxUnpoolOp<2>;
template struct MaxUnpoolOp<3>;

std::unique_ptr<OpDefinition> makeMaxUnpool1dDefinition() {
  return makeDefinition<MaxUnpool1dOp>();
}
std::unique_ptr<OpDefinition> makeMaxUnpool2dDefinition() {
  return makeDefinition<MaxUnpool2dOp>();
}
std::unique_ptr<OpDefinition> makeMaxUnpool3dDefinition() {
  return makeDefinition<MaxUnpool3dOp>();
}

}  // namespace detbench::ops
