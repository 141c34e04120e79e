#pragma once
// Two more gradients of embedding tables:
//   embedding_backward          F.embedding(indices, weight) backward: grad_weight[indices[i],
//                               :] += grad_output[i, :], in index order (PyTorch's CPU order);
//   embedding_bag_max_backward  F.embedding_bag(indices, weight, offsets, mode='max') backward,
//                               bags of a fixed size: each bag's gradient goes, column by
//                               column, to the row that held the bag's maximum in that column
//                               (the first such row of the bag), bag after bag.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct EmbeddingBackwardOp {
  static constexpr std::string_view kName = "embedding_backward";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size, embeddings, cols;
  };
  // Input order: indices [size], grad_output [size, cols].
  enum Input { kIndices, kGradOutput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  template <typename T>
  static void sequential(const Problem& p, const std::int64_t* indices, const T* grad, T* out) {
    const auto d = static_cast<std::size_t>(p.cols);
    std::fill(out, out + static_cast<std::size_t>(p.embeddings) * d, T{0});
    for (std::int64_t i = 0; i < p.size; ++i) {
      T* dst = out + static_cast<std::size_t>(indices[i]) * d;
      const T* g = grad + static_cast<std::size_t>(i) * d;
      for (std::size_t c = 0; c < d; ++c) dst[c] += g[c];
    }
  }
};

struct EmbeddingBagMaxBackwardOp {
  static constexpr std::string_view kName = "embedding_bag_max_backward";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size, bagSize, embeddings, cols;
    std::int64_t bags() const { return size / bagSize; }
  };
  // Input order: weight [embeddings, cols] (its values pick each bag's maxima), indices [size],
  // grad_output [bags, cols].
  enum Input { kWeight, kIndices, kGradOutput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.bags(); }

  // The row of bag b's maximum in column c: the first of the bag's rows with the largest value.
  static std::int64_t argmax(const Problem& p, const float* weight, const std::int64_t* indices,
                             std::int64_t b, std::int64_t c) {
    std::int64_t best = indices[b * p.bagSize];
    for (std::int64_t k = 1; k < p.bagSize; ++k) {
      const std::int64_t row = indices[b * p.bagSize + k];
      if (weight[row * p.cols + c] > weight[best * p.cols + c]) best = row;
    }
    return best;
  }

  template <typename T>
  static void sequential(const Problem& p, const float* weight, const std::int64_t* indices,
                         const T* grad, T* out) {
    std::fill(out, out + static_cast<std::size_t>(p.embeddings * p.cols), T{0});
    for (std::int64_t b = 0; b < p.bags(); ++b) {
      for (std::int64_t c = 0; c < p.cols; ++c) {
        out[argmax(p, weight, indices, b, c) * p.cols + c] += grad[b * p.cols + c];
      }
    }
  }
};

}  // namespace detbench::ops
