#pragma once
// index_add along dim 0: out = self; out[index[i], :] += source[i, :].
// row_scan = 1 (a detbench extension, cuda only) computes the deterministic form without
// sorting the indices: see Problem::rowScan.

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct IndexAddOp {
  static constexpr std::string_view kName = "index_add";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;  // source rows (number of indices)
    std::int64_t cols;  // D
    std::int64_t rows;  // output rows
    // cuda's deterministic form: every block of output rows scans all indices (one launch)
    // instead of the sort by row (RowScanAccumulate.cuh); the same order, the same bits.
    bool rowScan = false;
  };
  // Input order: self [rows, cols], index [size], source [size, cols].
  enum Input { kSelf, kIndex, kSource };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size + 1; }

  // Sequential reference, adding in index order as PyTorch's CPU kernel does.
  template <typename T>
  static void sequential(const Problem& p, const T* self, const std::int64_t* index,
                         const T* source, T* out) {
    const auto d = static_cast<std::size_t>(p.cols);
    std::memcpy(out, self, sizeof(T) * static_cast<std::size_t>(p.rows) * d);
    for (std::int64_t i = 0; i < p.size; ++i) {
      T* dst = out + static_cast<std::size_t>(index[i]) * d;
      const T* src = source + static_cast<std::size_t>(i) * d;
      for (std::size_t c = 0; c < d; ++c) dst[c] += src[c];
    }
  }
};

}  // namespace detbench::ops
