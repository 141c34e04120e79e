#pragma once
// index_reduce with reduce='prod' along dim 0, include_self=True:
// self.index_reduce_(0, index, source, 'prod'): out = self; out[index[i], :] *= source[i, :],
// in index order (PyTorch's CPU kernel), so each element's products round in that order.

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct IndexReduceProdOp {
  static constexpr std::string_view kName = "index_reduce_prod";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;  // source rows (number of indices)
    std::int64_t rows;  // rows of self
    std::int64_t cols;
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

  template <typename T>
  static void sequential(const Problem& p, const T* self, const std::int64_t* index,
                         const T* source, T* out) {
    const auto d = static_cast<std::size_t>(p.cols);
    std::memcpy(out, self, sizeof(T) * static_cast<std::size_t>(p.rows) * d);
    for (std::int64_t i = 0; i < p.size; ++i) {
      T* dst = out + static_cast<std::size_t>(index[i]) * d;
      const T* src = source + static_cast<std::size_t>(i) * d;
      for (std::size_t c = 0; c < d; ++c) dst[c] *= src[c];
    }
  }
};

}  // namespace detbench::ops
