#pragma once
// rms_norm forward: torch.nn.functional.rms_norm(x, [cols], weight) on a float32 batch of rows,
// y[r][j] = x[r][j] / sqrt(mean_j(x[r][j]^2) + eps) * weight[j], eps = the float32 machine
// epsilon (PyTorch's default when eps is None). The rows are the batch (a transformer layer's
// tokens); each row's sum of squares is the reduction.
//
// The `cpu` device adds a row's squares left to right. cpu-threads' deterministic form does so
// too while there are rows enough for every thread; with fewer (a small batch) it splits each
// row over the idle threads, as GPU libraries split a row across blocks when the batch cannot
// fill the device, and adds the slices' partial sums in slice order: the same bits every run,
// other bits for another batch size or thread count. batch_invariant = 1 (a detbench
// extension) keeps every row in one order whatever the batch. The atomic form adds each slice's
// partial sum of squares to the row's total atomically, in whatever order the slices finish.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/RowSplit.hpp"

namespace detbench::ops {

struct RmsNormOp {
  static constexpr std::string_view kName = "rms_norm";
  static constexpr std::string_view kSizeParam = "size";
  // The atomic form's slices, and the shortest slice the deterministic form cuts a row into.
  static constexpr std::int64_t kSlice = 512;
  struct Problem {
    std::int64_t rows;
    std::int64_t cols;
    bool batchInvariant;
    std::int64_t elements() const { return rows * cols; }
    std::int64_t atomicSlices() const { return (cols + kSlice - 1) / kSlice; }
  };
  enum Input { kX, kWeight };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // The sum of squares' rounding (cols terms), then the mean, eps, sqrt, division and the two
  // products: the error stays within (cols + 4) eps of |y| (every term is positive).
  static std::int64_t maxTerms(const Problem& p) { return p.cols + 4; }
  static std::int64_t batchRows(const Problem& p) { return p.rows; }
  static OpParams batchParams(const Problem& p, std::int64_t rows);

  // The slices cpu-threads' deterministic form cuts each row into when `rows` rows leave
  // threads idle (1: no split).
  static std::int64_t splitSlices(const Problem& p, int threads) {
    if (p.batchInvariant) return 1;
    return slicesForIdleThreads(p.rows, threads, p.cols, kSlice);
  }

  static constexpr float kEps = std::numeric_limits<float>::epsilon();

  // Squares of row r's columns [c0, c1), left to right.
  template <typename T>
  static T squares(const Problem& p, const T* x, std::int64_t r, std::int64_t c0, std::int64_t c1) {
    T acc = T{0};
    for (std::int64_t j = c0; j < c1; ++j) acc += x[r * p.cols + j] * x[r * p.cols + j];
    return acc;
  }

  // Row r scaled, given its sum of squares.
  template <typename T>
  static void normalise(const Problem& p, const T* x, const T* w, T sumSquares, std::int64_t r,
                        T* y) {
    using std::sqrt;
    const T inv = T{1} / sqrt(sumSquares / static_cast<T>(p.cols) + static_cast<T>(kEps));
    for (std::int64_t j = 0; j < p.cols; ++j) y[r * p.cols + j] = x[r * p.cols + j] * inv * w[j];
  }

  template <typename T>
  static void sequential(const Problem& p, const T* x, const T* w, T* y) {
    for (std::int64_t r = 0; r < p.rows; ++r) normalise(p, x, w, squares(p, x, r, 0, p.cols), r, y);
  }
};

}  // namespace detbench::ops
