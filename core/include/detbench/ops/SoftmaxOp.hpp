#pragma once
// softmax (log = 0) and log_softmax (log = 1) along the rows of a float32 batch:
// torch.softmax(x, dim=1) / torch.log_softmax(x, dim=1). A row's maximum m is exact in any
// order; its sum s = sum_j exp(x[j] - m) is the reduction whose order matters. Then
// y[j] = exp(x[j] - m) / s, or y[j] = x[j] - m - log(s).
//
// The `cpu` device adds a row's exponentials left to right. cpu-threads' deterministic form does
// so too while there are rows enough for every thread; with fewer it splits each row's sum over
// the idle threads and adds the slices in slice order (the same bits every run, other bits for
// another batch size or thread count). batch_invariant = 1 (a detbench extension) keeps every
// row in one order whatever the batch. The atomic form adds each slice's partial sum to the
// row's total atomically.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/RowSplit.hpp"

namespace detbench::ops {

struct SoftmaxOp {
  static constexpr std::string_view kName = "softmax";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr std::int64_t kSlice = 512;
  struct Problem {
    std::int64_t rows;
    std::int64_t cols;
    bool log;
    bool batchInvariant;
    std::int64_t atomicSlices() const { return (cols + kSlice - 1) / kSlice; }
  };
  enum Input { kX };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // cols exponentials (each within an ulp or so) summed, then a division or a logarithm.
  static std::int64_t maxTerms(const Problem& p) { return p.cols + 8; }
  static std::int64_t batchRows(const Problem& p) { return p.rows; }
  static OpParams batchParams(const Problem& p, std::int64_t rows);

  // As RmsNormOp::splitSlices: the slices each row's sum is cut into on cpu-threads.
  static std::int64_t splitSlices(const Problem& p, int threads) {
    if (p.batchInvariant) return 1;
    return slicesForIdleThreads(p.rows, threads, p.cols, kSlice);
  }

  template <typename T>
  static T rowMax(const Problem& p, const T* x, std::int64_t r) {
    const T* row = x + r * p.cols;
    T m = row[0];
    for (std::int64_t j = 1; j < p.cols; ++j) m = std::max(m, row[j]);
    return m;
  }

  // exp(x[j] - m) over columns [c0, c1) of row r, left to right.
  template <typename T>
  static T expSum(const Problem& p, const T* x, std::int64_t r, T m, std::int64_t c0,
                  std::int64_t c1) {
    using std::exp;
    T acc = T{0};
    for (std::int64_t j = c0; j < c1; ++j) acc += exp(x[r * p.cols + j] - m);
    return acc;
  }

  template <typename T>
  static void finish(const Problem& p, const T* x, std::int64_t r, T m, T sum, T* y) {
    using std::exp;
    using std::log;
    const T* row = x + r * p.cols;
    T* out = y + r * p.cols;
    if (p.log) {
      const T logSum = log(sum);
      for (std::int64_t j = 0; j < p.cols; ++j) out[j] = row[j] - m - logSum;
    } else {
      for (std::int64_t j = 0; j < p.cols; ++j) out[j] = exp(row[j] - m) / sum;
    }
  }

  template <typename T>
  static void sequential(const Problem& p, const T* x, T* y) {
    for (std::int64_t r = 0; r < p.rows; ++r) {
      const T m = rowMax(p, x, r);
      finish(p, x, r, m, expSum(p, x, r, m, 0, p.cols), y);
    }
  }
};

}  // namespace detbench::ops
