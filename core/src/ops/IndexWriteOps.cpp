#include "detbench/ops/IndexWriteOps.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

template <IndexWrite W>
const std::vector<ParamSpec>& IndexWriteOp<W>::params() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s{
        {"size", "number of indices", 1 << 16, 1, std::int64_t{1} << 40},
        {"rows",
         W == IndexWrite::Scatter ? "length of self (smaller: more contention)"
                                  : "rows of self (fewer: more duplicate indices)",
         256, 1, std::int64_t{1} << 40},
    };
    if (W != IndexWrite::Scatter) s.push_back({"cols", "columns of self", 4, 1, 1 << 20});
    return s;
  }();
  return specs;
}

template <IndexWrite W>
typename IndexWriteOp<W>::Problem IndexWriteOp<W>::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "rows"), W == IndexWrite::Scatter ? 1 : param(p, "cols")};
}

template <IndexWrite W>
std::vector<TensorSpec> IndexWriteOp<W>::inputSpecs(const Problem& p) {
  const Shape self = W == IndexWrite::Scatter ? Shape{p.rows} : Shape{p.rows, p.cols};
  const Shape values = kRows ? Shape{p.size, p.cols} : Shape{p.size};
  return {{"self", self, DType::Float32},
          {"index", {p.size}, DType::Int64},
          {kRows && W == IndexWrite::IndexPut ? "values" : "source", values, DType::Float32}};
}

template <IndexWrite W>
TensorSpec IndexWriteOp<W>::outputSpec(const Problem& p) {
  return {"out", W == IndexWrite::Scatter ? Shape{p.rows} : Shape{p.rows, p.cols}, DType::Float32};
}

template <IndexWrite W>
std::vector<HostTensor> IndexWriteOp<W>::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kSelf], data, 1));
  t.push_back(indexTensor(specs[kIndex], data, 2, p.targets()));
  t.push_back(uniformTensor(specs[kValues], data, 3));
  return t;
}

template <IndexWrite W>
Reference IndexWriteOp<W>::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kSelf), indexData(in, kIndex), d.f(kValues), out);
  });
}

template struct IndexWriteOp<IndexWrite::IndexPut>;
template struct IndexWriteOp<IndexWrite::IndexCopy>;
template struct IndexWriteOp<IndexWrite::Put>;
template struct IndexWriteOp<IndexWrite::Scatter>;

std::unique_ptr<OpDefinition> makeIndexPutDefinition() {
  return makeDefinition<IndexPutOp>();
}
std::unique_ptr<OpDefinition> makeIndexCopyDefinition() {
  return makeDefinition<IndexCopyOp>();
}
std::unique_ptr<OpDefinition> makePutDefinition() {
  return makeDefinition<PutOp>();
}
std::unique_ptr<OpDefinition> makeScatterDefinition() {
  return makeDefinition<ScatterOp>();
}

}  // namespace detbench::ops
