#pragma once
// bincount: out[v] = number of i with input[i] == v (int64), or with weights, the sum of
// weights[i] over those i (float32, as torch.bincount returns for float32 weights).

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct BincountProblem {
  std::int64_t size;  // number of values
  std::int64_t bins;  // minlength; every value is below it
};

struct BincountOp {
  static constexpr std::string_view kName = "bincount";
  static constexpr std::string_view kSizeParam = "size";
  using Problem = BincountProblem;
  enum Input { kValues };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  template <typename Count>
  static void sequential(const Problem& p, const std::int64_t* values, Count* out) {
    std::fill(out, out + p.bins, Count{0});
    for (std::int64_t i = 0; i < p.size; ++i) out[values[i]] += Count{1};
  }
};

struct BincountWeightedOp {
  static constexpr std::string_view kName = "bincount_weighted";
  static constexpr std::string_view kSizeParam = "size";
  using Problem = BincountProblem;
  enum Input { kValues, kWeights };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  template <typename T>
  static void sequential(const Problem& p, const std::int64_t* values, const T* weights, T* out) {
    std::fill(out, out + p.bins, T{0});
    for (std::int64_t i = 0; i < p.size; ++i) out[values[i]] += weights[i];
  }
};

}  // namespace detbench::ops
