#pragma once
// put_ with accumulate=True: self.put_(index, source, accumulate=True) treats self as flat and
// adds source[i] into element index[i]. Sequential form: in index order, as PyTorch's CPU
// kernel runs serially (one thread, fewer than 32768 elements, or deterministic mode); with
// more threads it adds float values with atomics in parallel. On CUDA it always adds with
// atomics and raises in deterministic mode (caller "put_").

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct PutAccumulateOp {
  static constexpr std::string_view kName = "put_accumulate";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;  // elements of index and source
    std::int64_t rows, cols;
    std::int64_t numel() const { return rows * cols; }
  };
  // Input order: self [rows, cols], index [size] into the flattened self, source [size].
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
    std::memcpy(out, self, sizeof(T) * static_cast<std::size_t>(p.numel()));
    for (std::int64_t i = 0; i < p.size; ++i) out[index[i]] += source[i];
  }
};

}  // namespace detbench::ops
