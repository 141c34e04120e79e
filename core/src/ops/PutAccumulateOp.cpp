#include "detbench/ops/PutAccumulateOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& PutAccumulateOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of indices (source elements)", 1 << 20, 1, std::int64_t{1} << 40},
      {"rows", "rows of self", 64, 1, std::int64_t{1} << 20},
      {"cols", "columns of self (fewer elements in all: more contention)", 64, 1,
       std::int64_t{1} << 20},
  };
  return specs;
}

PutAccumulateOp::Problem PutAccumulateOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "rows"), param(p, "cols")};
}

std::vector<TensorSpec> PutAccumulateOp::inputSpecs(const Problem& p) {
  return {{"self", {p.rows, p.cols}, DType::Float32},
          {"index", {p.size}, DType::Int64},
          {"source", {p.size}, DType::Float32}};
}

TensorSpec PutAccumulateOp::outputSpec(const Problem& p) {
  return {"out", {p.rows, p.cols}, DType::Float32};
}

std::vector<HostTensor> PutAccumulateOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kSelf], data, 1));
  t.push_back(indexTensor(specs[kIndex], data, 2, p.numel()));
  t.push_back(uniformTensor(specs[kSource], data, 3));
  return t;
}

Reference PutAccumulateOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kSelf), indexData(in, kIndex), d.f(kSource), out);
  });
}

std::unique_ptr<OpDefinition> makePutAccumulateDefinition() {
  return makeDefinition<PutAccumulateOp>();
}

}  // namespace detbench::ops
