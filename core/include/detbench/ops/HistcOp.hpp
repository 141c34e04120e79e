#pragma once
// histc: torch.histc(input, bins, min=-1, max=1) on float32 input, float32 counts. An element
// goes to bin floor((x - min) * bins / (max - min)), computed in float32 as ATen's CUDA kernel
// does, x == max to the last bin, and elements outside [min, max] are ignored. PyTorch's CUDA
// kernel adds 1.0 per element with float atomicAdd, so it raises in deterministic error mode;
// since every term is 1.0, the sum is exact while a bin holds fewer than 2^24 counts, and the
// atomic form gives the same bits run to run in practice (the workbench shows this).

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct HistcOp {
  static constexpr std::string_view kName = "histc";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr float kMin = -1.0f;
  static constexpr float kMax = 1.0f;
  struct Problem {
    std::int64_t size;
    std::int64_t bins;
  };
  enum Input { kInput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  // The bin of x, or -1 when x is outside [kMin, kMax]. Host and device share it (constexpr).
  static constexpr std::int64_t binOf(float x, std::int64_t bins) {
    if (!(x >= kMin && x <= kMax)) return -1;
    auto b = static_cast<std::int64_t>((x - kMin) * static_cast<float>(bins) / (kMax - kMin));
    return b == bins ? bins - 1 : b;
  }

  template <typename T>
  static void sequential(const Problem& p, const float* x, T* out) {
    for (std::int64_t b = 0; b < p.bins; ++b) out[b] = T{0};
    for (std::int64_t i = 0; i < p.size; ++i) {
      const std::int64_t b = binOf(x[i], p.bins);
      if (b >= 0) out[b] += T{1};
    }
  }
};

}  // namespace detbench::ops
