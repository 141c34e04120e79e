#pragma once
// scatter_reduce along a 1-D tensor with include_self=True, one op per reduction:
// out = self; out[index[i]] = reduce(out[index[i]], src[i]); for mean, then divided by the
// number of terms (self included). As torch.Tensor.scatter_reduce_(0, index, src, reduce).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

enum class ScatterReduction { Sum, Mean, Amax, Prod };

// The reduction of two values; on the GPU too. amax propagates NaN, as PyTorch's does.
template <ScatterReduction R, typename T>
DETBENCH_HD T combineScatter(T a, T b) {
  if constexpr (R == ScatterReduction::Prod) {
    return a * b;
  } else if constexpr (R == ScatterReduction::Amax) {
    return (b > a || b != b) ? b : a;
  } else {
    return a + b;
  }
}

template <ScatterReduction R>
struct ScatterReduceOp {
  static constexpr std::string_view kName = R == ScatterReduction::Sum    ? "scatter_reduce_sum"
                                            : R == ScatterReduction::Mean ? "scatter_reduce_mean"
                                            : R == ScatterReduction::Amax ? "scatter_reduce_amax"
                                                                          : "scatter_reduce_prod";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;     // src length
    std::int64_t outSize;  // self length
  };
  enum Input { kSelf, kIndex, kSource };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size + 2; }

  // The mean's divisor: the terms of each element, self included.
  static void countTerms(const Problem& p, const std::int64_t* index, std::int64_t* counts) {
    std::fill(counts, counts + p.outSize, std::int64_t{1});
    for (std::int64_t k = 0; k < p.size; ++k) ++counts[index[k]];
  }

  template <typename T>
  static void divideByCounts(const Problem& p, const std::int64_t* counts, T* out) {
    for (std::int64_t i = 0; i < p.outSize; ++i) out[i] = out[i] / static_cast<T>(counts[i]);
  }

  // Each element receives its terms in increasing src order, as PyTorch's CPU kernel does.
  template <typename T>
  static void sequential(const Problem& p, const T* self, const std::int64_t* index, const T* src,
                         T* out) {
    std::memcpy(out, self, sizeof(T) * static_cast<std::size_t>(p.outSize));
    for (std::int64_t k = 0; k < p.size; ++k) {
      out[index[k]] = combineScatter<R>(out[index[k]], src[k]);
    }
    if constexpr (R == ScatterReduction::Mean) {
      std::vector<std::int64_t> counts(static_cast<std::size_t>(p.outSize));
      countTerms(p, index, counts.data());
      divideByCounts(p, counts.data(), out);
    }
  }
};

using ScatterReduceSumOp = ScatterReduceOp<ScatterReduction::Sum>;
using ScatterReduceMeanOp = ScatterReduceOp<ScatterReduction::Mean>;
using ScatterReduceAmaxOp = ScatterReduceOp<ScatterReduction::Amax>;
using ScatterReduceProdOp = ScatterReduceOp<ScatterReduction::Prod>;

}  // namespace detbench::ops
