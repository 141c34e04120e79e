#include "detbench/ops/IndexAddOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& IndexAddOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of indices (source rows)", 1 << 20, 1, std::int64_t{1} << 40},
      {"cols", "columns D of each row", 1, 1, 1 << 20},
      {"rows", "rows of the output (fewer rows: more contention)", 4096, 1, std::int64_t{1} << 40},
      {"row_scan",
       "1: the deterministic form scans the indices once per block of output rows instead of "
       "sorting them, in the same order (cuda only)",
       0, 0, 1},
  };
  return specs;
}

IndexAddOp::Problem IndexAddOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "cols"), param(p, "rows"), param(p, "row_scan") != 0};
}

std::vector<TensorSpec> IndexAddOp::inputSpecs(const Problem& p) {
  return {{"self", {p.rows, p.cols}, DType::Float32},
          {"index", {p.size}, DType::Int64},
          {"source", {p.size, p.cols}, DType::Float32}};
}

TensorSpec IndexAddOp::outputSpec(const Problem& p) {
  return {"out", {p.rows, p.cols}, DType::Float32};
}

std::vector<HostTensor> IndexAddOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kSelf], data, 1));
  t.push_back(indexTensor(specs[kIndex], data, 2, p.rows));
  t.push_back(uniformTensor(specs[kSource], data, 3));
  return t;
}

Reference IndexAddOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kSelf), indexData(in, kIndex), d.f(kSource), out);
  });
}

std::unique_ptr<OpDefinition> makeIndexAddDefinition() {
  return makeDefinition<IndexAddOp>();
}

}  // namespace detbench::ops
