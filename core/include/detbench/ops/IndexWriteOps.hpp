#pragma once
// The indexed writes without accumulation, whose result with duplicate indices is whichever
// write lands last:
//   index_put   self.index_put_((indices,), values): out[indices[i], :] = values[i, :];
//   index_copy  self.index_copy_(0, index, source): the same rows, written by index_copy;
//   put         self.put_(index, source): out.flatten()[index[i]] = source[i];
//   scatter     self.scatter_(0, index, src) on a 1-D self: out[index[i]] = src[i].
// The sequential form writes in index order, so of duplicates the last one stays, as PyTorch's
// CPU kernels do on one thread.

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

enum class IndexWrite { IndexPut, IndexCopy, Put, Scatter };

template <IndexWrite W>
struct IndexWriteOp {
  static constexpr bool kRows = W == IndexWrite::IndexPut || W == IndexWrite::IndexCopy;
  static constexpr std::string_view kName = W == IndexWrite::IndexPut    ? "index_put"
                                            : W == IndexWrite::IndexCopy ? "index_copy"
                                            : W == IndexWrite::Put       ? "put"
                                                                         : "scatter";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;  // indices
    std::int64_t rows;  // rows of self (elements of a 1-D self)
    std::int64_t cols;  // columns of self: each index names a row (kRows) or, for put, self is
                        // flattened; 1 for scatter
    // The elements an index can name, and the values each index writes.
    std::int64_t targets() const { return kRows ? rows : rows * cols; }
    std::int64_t width() const { return kRows ? cols : 1; }
  };
  // Input order: self, index [size], values [size] or [size, cols].
  enum Input { kSelf, kIndex, kValues };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // A copy: no rounding.
  static std::int64_t maxTerms(const Problem&) { return 1; }

  template <typename T>
  static void sequential(const Problem& p, const T* self, const std::int64_t* index,
                         const T* values, T* out) {
    const auto w = static_cast<std::size_t>(p.width());
    std::memcpy(out, self, sizeof(T) * static_cast<std::size_t>(p.rows * p.cols));
    for (std::int64_t i = 0; i < p.size; ++i) {
      std::memcpy(out + static_cast<std::size_t>(index[i]) * w,
                  values + static_cast<std::size_t>(i) * w, sizeof(T) * w);
    }
  }
};

using IndexPutOp = IndexWriteOp<IndexWrite::IndexPut>;
using IndexCopyOp = IndexWriteOp<IndexWrite::IndexCopy>;
using PutOp = IndexWriteOp<IndexWrite::Put>;
using ScatterOp = IndexWriteOp<IndexWrite::Scatter>;

}  // namespace detbench::ops
