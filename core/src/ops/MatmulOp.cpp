#include "detbench/ops/MatmulOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& MatmulOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "rows of a (m), and columns of b unless n is given", 512, 1, 1 << 16},
      {"n", "columns of b (0: the same as size)", 0, 0, 1 << 16},
      {"k", "columns of a and rows of b (0: the same as size)", 0, 0, 1 << 20},
      {"streams", "concurrent products on streams sharing one cuBLAS handle", 1, 1, 16},
      {"tf32", "1: allow TF32 tensor cores in cuBLAS (cuda only)", 0, 0, 1},
      {"shared_workspace", "1: all streams share one cuBLAS workspace (cuda only)", 0, 0, 1},
      {"batch_invariant",
       "1: every row of a in one order whatever the batch (no split-K for small batches)", 0, 0, 1},
      {"pinned_cublaslt",
       "with batch_invariant = 1: cuBLASLt with one algorithm pinned for every batch instead of "
       "detbench's tiled kernel (cuda only); 1: the algorithm for 4096 rows without split-K, R > "
       "1: the one proposed for R rows, its split-K included",
       0, 0, 1 << 16},
  };
  return specs;
}

MatmulOp::Problem MatmulOp::problem(const OpParams& p) {
  DETBENCH_CHECK_ARG(param(p, "pinned_cublaslt") == 0 || param(p, "batch_invariant") != 0,
                     "op matmul: pinned_cublaslt is a batch-invariant form: it needs "
                     "batch_invariant = 1");
  const std::int64_t size = param(p, "size");
  const std::int64_t n = param(p, "n");
  const std::int64_t k = param(p, "k");
  return {size,
          n > 0 ? n : size,
          k > 0 ? k : size,
          param(p, "streams"),
          param(p, "tf32") != 0,
          param(p, "shared_workspace") != 0,
          param(p, "batch_invariant") != 0,
          param(p, "pinned_cublaslt")};
}

std::int64_t MatmulOp::batchRows(const Problem& p) {
  return p.streams == 1 ? p.m : 0;
}

OpParams MatmulOp::batchParams(const Problem& p, std::int64_t rows) {
  return {{"size", rows},
          {"n", p.n},
          {"k", p.k},
          {"streams", 1},
          {"tf32", p.tf32 ? 1 : 0},
          {"shared_workspace", p.sharedWorkspace ? 1 : 0},
          {"batch_invariant", p.batchInvariant ? 1 : 0},
          {"pinned_cublaslt", p.pinnedCublasLt}};
}
std::vector<TensorSpec> MatmulOp::inputSpecs(const Problem& p) {
  return {{"a", {p.m, p.k}, DType::Float32}, {"b", {p.k, p.n}, DType::Float32}};
}
TensorSpec MatmulOp::outputSpec(const Problem& p) {
  return {"out", {p.streams, p.m, p.n}, DType::Float32};
}
std::vector<HostTensor> MatmulOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kA], data, 1));
  t.push_back(uniformTensor(specs[kB], data, 2));
  return t;
}

Reference MatmulOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, d.f(kA), d.f(kB), out);
  });
}

std::unique_ptr<OpDefinition> makeMatmulDefinition() {
  return makeDefinition<MatmulOp>();
}

}  // namespace detbench::ops
