#include "detbench/ops/AllReduceOp.hpp"

#include <cmath>
#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& AllReduceOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "elements of the gradient each rank holds", 1 << 18, 1, std::int64_t{1} << 30},
      {"rows", "contributions to the sum (per-sample gradients), shared out over the ranks", 12, 1,
       4096},
      {"ranks", "world size: the processes of the job, each holding rows rank, rank + ranks, ...",
       4, 1, kMaxRanks},
      {"algorithm", "the collective's order: 0 ring (chunks travel the ring), 1 tree (pairwise)",
       kRing, kRing, kTree},
  };
  return specs;
}

AllReduceOp::Problem AllReduceOp::problem(const OpParams& p) {
  Problem pr{param(p, "rows"), param(p, "size"), param(p, "ranks"), param(p, "algorithm")};
  DETBENCH_CHECK_ARG(pr.ranks <= pr.rows,
                     "op all_reduce: ranks must be at most rows (each rank holds a row or more)");
  DETBENCH_CHECK_ARG(pr.rows * pr.size <= (std::int64_t{1} << 32),
                     "op all_reduce: rows x size must be at most 2^32 elements");
  return pr;
}

std::vector<TensorSpec> AllReduceOp::inputSpecs(const Problem& p) {
  return {{"grads", {p.rows, p.size}, DType::Float32}};
}

TensorSpec AllReduceOp::outputSpec(const Problem& p) {
  return {"out", {p.size}, DType::Float32};
}

std::vector<HostTensor> AllReduceOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kGrads], data, 1));
  return t;
}

Reference AllReduceOp::reference(const Problem& p, const OpInputs& in) {
  // Every row of each element in double: exact enough to judge any float32 order.
  const auto n = static_cast<std::size_t>(p.size);
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  const auto x = in.at(kGrads).as<float>();
  for (std::int64_t row = 0; row < p.rows; ++row) {
    for (std::size_t i = 0; i < n; ++i) {
      const double v = x[static_cast<std::size_t>(row) * n + i];
      ref.value[i] += v;
      ref.magnitude[i] += std::fabs(v);
    }
  }
  return ref;
}

std::unique_ptr<OpDefinition> makeAllReduceDefinition() {
  return makeDefinition<AllReduceOp>();
}

}  // namespace detbench::ops
