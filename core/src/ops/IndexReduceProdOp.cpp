#include "detbench/ops/IndexReduceProdOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& IndexReduceProdOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of indices (source rows)", 1 << 16, 1, std::int64_t{1} << 40},
      {"rows", "rows of self (fewer: more duplicate indices)", 256, 1, std::int64_t{1} << 40},
      {"cols", "columns of self", 4, 1, 1 << 20},
  };
  return specs;
}

IndexReduceProdOp::Problem IndexReduceProdOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "rows"), param(p, "cols")};
}

std::vector<TensorSpec> IndexReduceProdOp::inputSpecs(const Problem& p) {
  return {{"self", {p.rows, p.cols}, DType::Float32},
          {"index", {p.size}, DType::Int64},
          {"source", {p.size, p.cols}, DType::Float32}};
}

TensorSpec IndexReduceProdOp::outputSpec(const Problem& p) {
  return {"out", {p.rows, p.cols}, DType::Float32};
}

std::vector<HostTensor> IndexReduceProdOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  // Factors near 1, as for scatter_reduce's product: hundreds per element neither vanish nor
  // overflow, and the rounding of each product shows.
  const auto nearOne = [&](std::size_t i, std::uint64_t stream) {
    HostTensor f(specs[i].shape, DType::Float32);
    data.uniform(f.as<float>(), stream, 1.0f - 1.0f / 64, 1.0f + 1.0f / 64);
    return f;
  };
  std::vector<HostTensor> t;
  t.push_back(nearOne(kSelf, 1));
  t.push_back(indexTensor(specs[kIndex], data, 2, p.rows));
  t.push_back(nearOne(kSource, 3));
  return t;
}

Reference IndexReduceProdOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kSelf), indexData(in, kIndex), d.f(kSource), out);
  });
}

std::unique_ptr<OpDefinition> makeIndexReduceProdDefinition() {
  return makeDefinition<IndexReduceProdOp>();
}

}  // namespace detbench::ops
