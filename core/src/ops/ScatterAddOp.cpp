#include "detbench/ops/ScatterAddOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& ScatterAddOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "src length (1-D) or src rows (2-D)", 1 << 20, 1, std::int64_t{1} << 40},
      {"ndim", "1 or 2", 1, 1, 2},
      {"dim", "the dimension scattered along (0, or 1 for 2-D)", 0, 0, 1},
      {"cols", "src columns (2-D only)", 1, 1, 1 << 20},
      {"out_size", "length of the scattered output dimension (smaller: more contention)", 4096, 1,
       std::int64_t{1} << 40},
  };
  return specs;
}

ScatterAddOp::Problem ScatterAddOp::problem(const OpParams& p) {
  Problem pr{param(p, "ndim"), param(p, "dim"), param(p, "size"), param(p, "cols"),
             param(p, "out_size")};
  DETBENCH_CHECK_ARG(pr.ndim == 2 || (pr.dim == 0 && pr.cols == 1),
                     "op scatter_add: a 1-D scatter has dim 0 and cols 1");
  return pr;
}

std::vector<TensorSpec> ScatterAddOp::inputSpecs(const Problem& p) {
  const Shape src = p.ndim == 1 ? Shape{p.size} : Shape{p.size, p.cols};
  return {outputSpec(p), {"index", src, DType::Int64}, {"src", src, DType::Float32}};
}

TensorSpec ScatterAddOp::outputSpec(const Problem& p) {
  Shape out;
  if (p.ndim == 1)
    out = {p.outSize};
  else
    out = p.dim == 0 ? Shape{p.outSize, p.cols} : Shape{p.size, p.outSize};
  return {"self", out, DType::Float32};
}

std::vector<HostTensor> ScatterAddOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kSelf], data, 1));
  t.push_back(indexTensor(specs[kIndex], data, 2, p.outSize));
  t.push_back(uniformTensor(specs[kSource], data, 3));
  return t;
}

Reference ScatterAddOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kSelf), indexData(in, kIndex), d.f(kSource), out);
  });
}

std::unique_ptr<OpDefinition> makeScatterAddDefinition() {
  return makeDefinition<ScatterAddOp>();
}

}  // namespace detbench::ops
