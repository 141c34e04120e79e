#pragma once
// torch.bmm(sparse, dense): a batch of sparse COO matrices [batch, rows, inner] (coalesced:
// the nonzeros sorted by batch, row and column, no duplicates) times dense matrices [batch,
// inner, cols]. PyTorch's CPU kernel takes the nonzeros in that order and adds value * dense row
// into the output row rounding value * x + out once per element, as a fused multiply-add (seen
// bit for bit with Debian's PyTorch 1.13 on an x86-64 CPU with AVX2 and FMA); the sequential
// reference does the same (std::fma).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct BmmSparseOp {
  static constexpr std::string_view kName = "bmm_sparse";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;   // nonzeros in all
    std::int64_t batch;  // B
    std::int64_t rows;   // M: rows of each sparse matrix and of the output
    std::int64_t inner;  // K: columns of the sparse matrices, rows of the dense ones
    std::int64_t cols;   // N: columns of the dense matrices and of the output
    DETBENCH_HD std::int64_t outRows() const { return batch * rows; }
  };
  // indices [3, size] (batch, row, column of each nonzero, as sparse._indices()), values
  // [size], dense [batch, inner, cols].
  enum Input { kIndices, kValues, kDense };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // An output row receives one term per nonzero of its sparse row: at most `inner`.
  static std::int64_t maxTerms(const Problem& p) { return std::min(p.size, p.inner); }

  // The output row (b * rows + i) and the dense row (b * inner + j) of nonzero k.
  DETBENCH_HD static std::int64_t outRow(const Problem& p, const std::int64_t* indices,
                                         std::int64_t k) {
    return indices[k] * p.rows + indices[p.size + k];
  }
  DETBENCH_HD static std::int64_t denseRow(const Problem& p, const std::int64_t* indices,
                                           std::int64_t k) {
    return indices[k] * p.inner + indices[2 * p.size + k];
  }
  // The first nonzero whose output row is `row` or later (the nonzeros are sorted by it).
  DETBENCH_HD static std::int64_t firstOfRow(const Problem& p, const std::int64_t* indices,
                                             std::int64_t row) {
    std::int64_t lo = 0, hi = p.size;
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (outRow(p, indices, mid) < row) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  // In nonzero order, out[row, :] = value * dense[row', :] + out[row, :], one rounding per
  // element (std::fma).
  template <typename T>
  static void sequential(const Problem& p, const std::int64_t* indices, const T* values,
                         const T* dense, T* out) {
    const auto n = static_cast<std::size_t>(p.cols);
    std::fill(out, out + static_cast<std::size_t>(p.outRows()) * n, T{0});
    for (std::int64_t k = 0; k < p.size; ++k) {
      T* dst = out + static_cast<std::size_t>(outRow(p, indices, k)) * n;
      const T* src = dense + static_cast<std::size_t>(denseRow(p, indices, k)) * n;
      for (std::size_t c = 0; c < n; ++c) dst[c] = std::fma(values[k], src[c], dst[c]);
    }
  }
};

}  // namespace detbench::ops
