#pragma once
// index_put_ with accumulate=True and one index tensor on dim 0 (self[indices] += values, as
// `self.index_put_((indices,), values, accumulate=True)`): each row of values is added into
// the row of self its index names. The arithmetic is index_add's (IndexAddOp: the same
// problem, inputs and sequential order); what differs is PyTorch's treatment:
//   CPU:  with 2 or more threads and at least 32768 elements, float values are added in
//         parallel with atomic adds (nondeterministic); in deterministic mode, serially in
//         index order, which is the sequential form here;
//   CUDA: always the sort-based index_put_with_sort (deterministic, index order per row), so
//         the atomic form is a contrast there, and the very kernel PyTorch's CPU build runs.

#include <string_view>
#include <vector>

#include "detbench/ops/IndexAddOp.hpp"

namespace detbench::ops {

struct IndexPutAccumulateOp {
  static constexpr std::string_view kName = "index_put_accumulate";
  static constexpr std::string_view kSizeParam = IndexAddOp::kSizeParam;
  using Problem = IndexAddOp::Problem;
  // The input order of IndexAddOp: self [rows, cols], indices [size], values [size, cols].
  enum Input {
    kSelf = IndexAddOp::kSelf,
    kIndices = IndexAddOp::kIndex,
    kValues = IndexAddOp::kSource
  };

  static const std::vector<ParamSpec>& params() { return IndexAddOp::params(); }
  static Problem problem(const OpParams& p) { return IndexAddOp::problem(p); }
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p) { return IndexAddOp::outputSpec(p); }
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data) {
    return IndexAddOp::makeInputs(p, data);
  }
  static Reference reference(const Problem& p, const OpInputs& inputs) {
    return IndexAddOp::reference(p, inputs);
  }
  static std::int64_t maxTerms(const Problem& p) { return IndexAddOp::maxTerms(p); }
};

}  // namespace detbench::ops
