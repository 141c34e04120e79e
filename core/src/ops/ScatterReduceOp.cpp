#include "detbench/ops/ScatterReduceOp.hpp"

#include "detbench/op/DataGenerator.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

template <ScatterReduction R>
const std::vector<ParamSpec>& ScatterReduceOp<R>::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "src length", 1 << 20, 1, std::int64_t{1} << 40},
      {"out_size", "length of self (smaller: more contention)", 4096, 1, std::int64_t{1} << 40},
  };
  return specs;
}

template <ScatterReduction R>
typename ScatterReduceOp<R>::Problem ScatterReduceOp<R>::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "out_size")};
}

template <ScatterReduction R>
std::vector<TensorSpec> ScatterReduceOp<R>::inputSpecs(const Problem& p) {
  return {outputSpec(p), {"index", {p.size}, DType::Int64}, {"src", {p.size}, DType::Float32}};
}

template <ScatterReduction R>
TensorSpec ScatterReduceOp<R>::outputSpec(const Problem& p) {
  return {"self", {p.outSize}, DType::Float32};
}

template <ScatterReduction R>
std::vector<HostTensor> ScatterReduceOp<R>::makeInputs(const Problem& p,
                                                       const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  // Factors near 1 for the product, so that thousands of them per element neither vanish nor
  // overflow and the rounding of each product shows.
  const bool nearOne = R == ScatterReduction::Prod;
  const auto floats = [&](std::size_t i, std::uint64_t stream) {
    if (!nearOne) return uniformTensor(specs[i], data, stream);
    HostTensor f(specs[i].shape, DType::Float32);
    data.uniform(f.as<float>(), stream, 1.0f - 1.0f / 64, 1.0f + 1.0f / 64);
    return f;
  };
  t.push_back(floats(kSelf, 1));
  t.push_back(indexTensor(specs[kIndex], data, 2, p.outSize));
  t.push_back(floats(kSource, 3));
  return t;
}

template <ScatterReduction R>
Reference ScatterReduceOp<R>::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kSelf), indexData(in, kIndex), d.f(kSource), out);
  });
}

template struct ScatterReduceOp<ScatterReduction::Sum>;
template struct ScatterReduceOp<ScatterReduction::Mean>;
template struct ScatterReduceOp<ScatterReduction::Amax>;
template struct ScatterReduceOp<ScatterReduction::Prod>;

std::unique_ptr<OpDefinition> makeScatterReduceSumDefinition() {
  return makeDefinition<ScatterReduceSumOp>();
}
std::unique_ptr<OpDefinition> makeScatterReduceMeanDefinition() {
  return makeDefinition<ScatterReduceMeanOp>();
}
std::unique_ptr<OpDefinition> makeScatterReduceAmaxDefinition() {
  return makeDefinition<ScatterReduceAmaxOp>();
}
std::unique_ptr<OpDefinition> makeScatterReduceProdDefinition() {
  return makeDefinition<ScatterReduceProdOp>();
}

}  // namespace detbench::ops
