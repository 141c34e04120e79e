#include "detbench/ops/BmmSparseOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

namespace {

// The nonzeros are chosen by selection sampling over every position of the batch of sparse
// matrices (Knuth's algorithm S), so there are exactly `size` of them, without duplicates and
// in PyTorch's coalesced order; this is why the positions are bounded.
constexpr std::int64_t kMaxPositions = std::int64_t{1} << 28;

}  // namespace

const std::vector<ParamSpec>& BmmSparseOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "nonzeros of the sparse matrices in all", 65536, 1, kMaxPositions},
      {"batch", "matrices in the batch B", 8, 1, 1 << 16},
      {"rows", "rows M of each sparse matrix (fewer: more nonzeros per output row)", 256, 1,
       1 << 20},
      {"inner", "columns K of the sparse matrices, rows of the dense ones", 256, 1, 1 << 20},
      {"cols", "columns N of the dense matrices", 32, 1, 1 << 16},
  };
  return specs;
}

BmmSparseOp::Problem BmmSparseOp::problem(const OpParams& p) {
  const Problem pr{param(p, "size"), param(p, "batch"), param(p, "rows"), param(p, "inner"),
                   param(p, "cols")};
  DETBENCH_CHECK_ARG(pr.batch * pr.rows <= kMaxPositions / pr.inner,
                     "bmm_sparse: batch x rows x inner must be at most 2^28 positions");
  DETBENCH_CHECK_ARG(pr.size <= pr.batch * pr.rows * pr.inner,
                     "bmm_sparse: size (the nonzeros) must be at most batch x rows x inner = " +
                         std::to_string(pr.batch * pr.rows * pr.inner));
  return pr;
}

std::vector<TensorSpec> BmmSparseOp::inputSpecs(const Problem& p) {
  return {{"indices", {3, p.size}, DType::Int64},
          {"values", {p.size}, DType::Float32},
          {"dense", {p.batch, p.inner, p.cols}, DType::Float32}};
}

TensorSpec BmmSparseOp::outputSpec(const Problem& p) {
  return {"out", {p.batch, p.rows, p.cols}, DType::Float32};
}

std::vector<HostTensor> BmmSparseOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  HostTensor indices(specs[kIndices].shape, DType::Int64);
  std::int64_t* idx = indices.as<std::int64_t>().data();
  const std::int64_t positions = p.batch * p.rows * p.inner;
  std::int64_t chosen = 0;
  for (std::int64_t pos = 0; pos < positions && chosen < p.size; ++pos) {
    // Take this position with probability (still to choose) / (positions left).
    const double u =
        static_cast<double>(data.bits(1, static_cast<std::uint64_t>(pos)) >> 11) * 0x1.0p-53;
    if (u * static_cast<double>(positions - pos) >= static_cast<double>(p.size - chosen)) continue;
    idx[chosen] = pos / (p.rows * p.inner);
    idx[p.size + chosen] = (pos / p.inner) % p.rows;
    idx[2 * p.size + chosen] = pos % p.inner;
    ++chosen;
  }
  std::vector<HostTensor> t;
  t.push_back(std::move(indices));
  t.push_back(uniformTensor(specs[kValues], data, 2));
  t.push_back(uniformTensor(specs[kDense], data, 3));
  return t;
}

Reference BmmSparseOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, indexData(in, kIndices), d.f(kValues), d.f(kDense), out);
  });
}

std::unique_ptr<OpDefinition> makeBmmSparseDefinition() {
  return makeDefinition<BmmSparseOp>();
}

}  // namespace detbench::ops
