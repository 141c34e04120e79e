#pragma once
// cumsum: torch.cumsum(input, 0) on a float32 vector. PyTorch's CPU kernel keeps one running
// sum in double (at::acc_type<float, false>) and rounds each output to float (the `cpu` device). On
// CUDA it is a single-pass scan with decoupled look-back: tiles of kTile elements are scanned on
// their own, and each tile finds its prefix by walking back over its predecessors, taking a
// predecessor's inclusive prefix if it is published already and only its aggregate otherwise. Which
// one it finds depends on timing, so the additions that make a prefix associate differently from
// run to run; PyTorch raises in error mode for float input.
//
// The tile scan is fixed: each of kLanes lanes keeps a running sum over kPerLane consecutive
// elements, the lane totals get an inclusive Hillis-Steele scan (total[l] += total[l - d] for
// d = 1, 2, 4, ...), and element i of lane l is laneExclusive(l) + running(i). The deterministic
// form combines the tiles in order (prefix[t] = prefix[t-1] + aggregate[t-1]), which is what the
// look-back gives when every predecessor's inclusive prefix is already there.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct CumsumOp {
  static constexpr std::string_view kName = "cumsum";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr std::int64_t kLanes = 256;
  static constexpr std::int64_t kPerLane = 16;
  static constexpr std::int64_t kTile = kLanes * kPerLane;
  struct Problem {
    std::int64_t size;
    std::int64_t tiles() const { return (size + kTile - 1) / kTile; }
  };
  enum Input { kInput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  // PyTorch's CPU order: one running sum in double.
  template <typename T>
  static void sequential(const Problem& p, const T* x, T* out) {
    double s = 0;
    for (std::int64_t i = 0; i < p.size; ++i)
      out[i] = static_cast<T>(s += static_cast<double>(x[i]));
  }

  // Scans tile t on its own into out (without the tile's prefix) and returns its aggregate.
  static float scanTile(const Problem& p, const float* x, float* out, std::int64_t t) {
    float total[kLanes];
    const std::int64_t base = t * kTile;
    for (std::int64_t l = 0; l < kLanes; ++l) {
      float s = 0.0f;
      for (std::int64_t k = 0; k < kPerLane; ++k) {
        const std::int64_t i = base + l * kPerLane + k;
        if (i < p.size) out[i] = s += x[i];
      }
      total[l] = s;
    }
    for (std::int64_t d = 1; d < kLanes; d *= 2) {
      for (std::int64_t l = kLanes - 1; l >= d; --l) total[l] += total[l - d];
    }
    for (std::int64_t l = 1; l < kLanes; ++l) {
      for (std::int64_t k = 0; k < kPerLane; ++k) {
        const std::int64_t i = base + l * kPerLane + k;
        if (i < p.size) out[i] = total[l - 1] + out[i];
      }
    }
    return total[kLanes - 1];
  }

  // Adds the tile's exclusive prefix to its elements (tile 0 has none).
  static void addPrefix(const Problem& p, float* out, std::int64_t t, float prefix) {
    if (t == 0) return;
    const std::int64_t end = (t + 1) * kTile < p.size ? (t + 1) * kTile : p.size;
    for (std::int64_t i = t * kTile; i < end; ++i) out[i] = prefix + out[i];
  }
};

}  // namespace detbench::ops
