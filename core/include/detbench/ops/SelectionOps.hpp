#pragma once
// The selections along the rows of a matrix whose result is an index, which ties make a choice:
//   kthvalue  torch.kthvalue(input, k, dim=1).indices: the k-th smallest value's position.
//             PyTorch's CPU kernel runs a quickselect on a copy of the row (median-of-three
//             pivot, Sedgewick's partition) and returns the position that lands at rank k - 1,
//             which among equal values depends on the partitioning; the sequential form runs
//             the same steps;
//   median    torch.median(input, dim=1).indices: the lower median's position. PyTorch's CPU
//             kernel orders positions by (value, position), so among equal values the
//             smallest position of the median's rank is chosen.
// The rows hold few distinct values (`levels`), so ties are the rule.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string_view>
#include <utility>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

enum class Selection { Kthvalue, Median };

template <Selection S>
struct SelectionOp {
  static constexpr std::string_view kName = S == Selection::Kthvalue ? "kthvalue" : "median";
  static constexpr std::string_view kSizeParam = "rows";
  struct Problem {
    std::int64_t rows, cols, levels;
    std::int64_t k;  // 1-based rank (kthvalue)
  };
  enum Input { kInput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // An index: no rounding.
  static std::int64_t maxTerms(const Problem&) { return 1; }

  // The position PyTorch's CPU kernel returns for one row of n values.
  template <typename T>
  static std::int64_t select(const Problem& p, const T* row) {
    const std::int64_t n = p.cols;
    if constexpr (S == Selection::Median) {
      std::vector<std::int64_t> pos(static_cast<std::size_t>(n));
      std::iota(pos.begin(), pos.end(), std::int64_t{0});
      const auto rank = pos.begin() + (n - 1) / 2;
      std::nth_element(pos.begin(), rank, pos.end(), [row](std::int64_t a, std::int64_t b) {
        return row[a] < row[b] || (row[a] == row[b] && a < b);
      });
      return *rank;
    } else {
      return quickselect(row, n, p.k - 1);
    }
  }

  template <typename T>
  static void sequential(const Problem& p, const T* input, std::int64_t* out) {
    for (std::int64_t r = 0; r < p.rows; ++r) out[r] = select(p, input + r * p.cols);
  }

 private:
  // Larger, with NaN above every number.
  template <typename T>
  static bool above(T a, T b) {
    return (std::isnan(a) && !std::isnan(b)) || a > b;
  }

  // Selection by partitioning a copy of the values and their positions until rank k is in
  // place: the pivot is the median of the first, middle and last elements of the active range,
  // and the scan from both ends swaps pairs on the wrong side of it.
  template <typename T>
  static std::int64_t quickselect(const T* row, std::int64_t n, std::int64_t k) {
    std::vector<T> v(row, row + n);
    std::vector<std::int64_t> pos(static_cast<std::size_t>(n));
    std::iota(pos.begin(), pos.end(), std::int64_t{0});
    const auto swapAt = [&](std::int64_t a, std::int64_t b) {
      std::swap(v[static_cast<std::size_t>(a)], v[static_cast<std::size_t>(b)]);
      std::swap(pos[static_cast<std::size_t>(a)], pos[static_cast<std::size_t>(b)]);
    };
    const auto at = [&](std::int64_t a) { return v[static_cast<std::size_t>(a)]; };
    std::int64_t lo = 0, hi = n - 1;
    while (hi > lo) {
      if (hi == lo + 1) {
        if (above(at(lo), at(hi))) swapAt(lo, hi);
        break;
      }
      swapAt((lo + hi) >> 1, lo + 1);
      if (above(at(lo + 1), at(hi))) swapAt(lo + 1, hi);
      if (above(at(lo), at(hi))) swapAt(lo, hi);
      if (above(at(lo + 1), at(lo))) swapAt(lo + 1, lo);
      std::int64_t i = lo + 1, j = hi;
      const T pivot = at(lo);
      for (;;) {
        do ++i;
        while (above(pivot, at(i)));
        do --j;
        while (above(at(j), pivot));
        if (j < i) break;
        swapAt(i, j);
      }
      swapAt(lo, j);
      if (j <= k) lo = i;
      if (j >= k) hi = j - 1;
    }
    return pos[static_cast<std::size_t>(k)];
  }
};

using KthvalueOp = SelectionOp<Selection::Kthvalue>;
using MedianOp = SelectionOp<Selection::Median>;

}  // namespace detbench::ops
