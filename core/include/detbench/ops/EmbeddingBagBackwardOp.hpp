#pragma once
// embedding_bag backward (mode sum or mean), bags of a fixed size: for each bag b and each
// index position k in it, grad_weight[indices[k], :] += grad_output[b, :] * scale, where scale
// is 1 (sum) or 1 / bag_size (mean).

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct EmbeddingBagBackwardOp {
  static constexpr std::string_view kName = "embedding_bag_backward";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;        // number of indices
    std::int64_t bagSize;     // indices per bag
    std::int64_t embeddings;  // rows of the table
    std::int64_t cols;        // embedding dimension
    std::int64_t mode;        // 0 sum, 1 mean
    std::int64_t bags() const { return size / bagSize; }
  };
  enum Input { kIndices, kGradOutput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  template <typename T>
  static T scale(const Problem& p) {
    return p.mode == 1 ? T{1} / static_cast<T>(p.bagSize) : T{1};
  }

  template <typename T>
  static void sequential(const Problem& p, const std::int64_t* indices, const T* gradOutput,
                         T* out) {
    const auto d = static_cast<std::size_t>(p.cols);
    std::fill(out, out + static_cast<std::size_t>(p.embeddings) * d, T{0});
    const T s = scale<T>(p);
    for (std::int64_t k = 0; k < p.size; ++k) {
      const T* g = gradOutput + static_cast<std::size_t>(k / p.bagSize) * d;
      T* dst = out + static_cast<std::size_t>(indices[k]) * d;
      for (std::size_t c = 0; c < d; ++c) dst[c] += g[c] * s;
    }
  }
};

}  // namespace detbench::ops
