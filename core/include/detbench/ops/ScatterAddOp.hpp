#pragma once
// scatter_add: out = self; 1-D: out[index[i]] += src[i]; 2-D along dim 0:
// out[index[i][j]][j] += src[i][j]; along dim 1: out[i][index[i][j]] += src[i][j].

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct ScatterAddOp {
  static constexpr std::string_view kName = "scatter_add";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t ndim;     // 1 or 2
    std::int64_t dim;      // 0, or 1 for 2-D
    std::int64_t size;     // src length (1-D) or src rows (2-D)
    std::int64_t cols;     // src columns (2-D; 1 for 1-D)
    std::int64_t outSize;  // length of the scattered dimension of the output
    DETBENCH_HD std::int64_t srcElements() const { return size * cols; }
    DETBENCH_HD std::int64_t outElements() const {
      if (ndim == 1) return outSize;
      return dim == 0 ? outSize * cols : size * outSize;
    }
    // Flat output position of src element k (k in row-major order); on the GPU too.
    DETBENCH_HD std::int64_t target(std::int64_t k, std::int64_t indexValue) const {
      if (ndim == 1) return indexValue;
      if (dim == 0) return indexValue * cols + k % cols;
      return (k / cols) * outSize + indexValue;
    }
  };
  enum Input { kSelf, kIndex, kSource };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size + 1; }

  // Each output element receives its contributions in increasing src order, as in PyTorch's
  // CPU kernel.
  template <typename T>
  static void sequential(const Problem& p, const T* self, const std::int64_t* index, const T* src,
                         T* out) {
    std::memcpy(out, self, sizeof(T) * static_cast<std::size_t>(p.outElements()));
    const std::int64_t n = p.srcElements();
    for (std::int64_t k = 0; k < n; ++k) out[p.target(k, index[k])] += src[k];
  }
};

}  // namespace detbench::ops
