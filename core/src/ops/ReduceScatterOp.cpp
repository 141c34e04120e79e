#include "detbench/ops/ReduceScatterOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& ReduceScatterOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "elements of the gradient each rank holds (a multiple of ranks)", 3 << 16, 1,
       std::int64_t{1} << 30},
      {"rows", "contributions to the sum (per-sample gradients), shared out over the ranks", 12, 1,
       4096},
      {"ranks", "world size: the processes of the job, each receiving size / ranks elements", 4, 1,
       kMaxRanks},
      {"algorithm", "the collective's order: 0 ring (NCCL's), 1 direct (each owner in rank order)",
       kRing, kRing, kDirect},
  };
  return specs;
}

ReduceScatterOp::Problem ReduceScatterOp::problem(const OpParams& p) {
  Problem pr{param(p, "rows"), param(p, "size"), param(p, "ranks"), param(p, "algorithm")};
  DETBENCH_CHECK_ARG(
      pr.ranks <= pr.rows,
      "op reduce_scatter: ranks must be at most rows (each rank holds a row or more)");
  DETBENCH_CHECK_ARG(pr.size % pr.ranks == 0,
                     "op reduce_scatter: size must be a multiple of ranks (each rank receives "
                     "size / ranks elements, as reduce_scatter_tensor and NCCL require)");
  DETBENCH_CHECK_ARG(pr.rows * pr.size <= (std::int64_t{1} << 32),
                     "op reduce_scatter: rows x size must be at most 2^32 elements");
  return pr;
}

std::vector<TensorSpec> ReduceScatterOp::inputSpecs(const Problem& p) {
  return AllReduceOp::inputSpecs(p);
}

TensorSpec ReduceScatterOp::outputSpec(const Problem& p) {
  return {"out", {p.size}, DType::Float32};
}

std::vector<HostTensor> ReduceScatterOp::makeInputs(const Problem& p, const DataGenerator& data) {
  return AllReduceOp::makeInputs(p, data);
}

Reference ReduceScatterOp::reference(const Problem& p, const OpInputs& in) {
  return AllReduceOp::reference(p, in);
}

std::unique_ptr<OpDefinition> makeReduceScatterDefinition() {
  return makeDefinition<ReduceScatterOp>();
}

}  // namespace detbench::ops
