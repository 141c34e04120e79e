#pragma once
// sum of all elements to a scalar. The deterministic order is a fixed tree: each chunk of
// kChunk elements is summed in kLanes running sums (lane l takes the chunk's elements l,
// l + kLanes, l + 2 kLanes, ... left to right), the lanes are folded pairwise (lane l adds lane
// l + 16, then l + 8, 4, 2, 1), and the chunk partials are summed pairwise. A GPU warp computes
// a chunk exactly so (coalesced loads, then a shuffle reduction); the CPU's lanes vectorise. The
// tree does not depend on the number of threads, so every thread count gives the same bits.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct SumOp {
  static constexpr std::string_view kName = "sum";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr std::int64_t kChunk = 4096;
  struct Problem {
    std::int64_t size;
    std::int64_t chunks() const { return (size + kChunk - 1) / kChunk; }
  };
  enum Input { kInput };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.size; }

  static constexpr int kLanes = 32;

  template <typename T>
  static T chunkSum(const Problem& p, const T* x, std::int64_t chunk) {
    const std::int64_t begin = chunk * kChunk;
    const std::int64_t n = std::min(p.size - begin, kChunk);
    const T* c = x + begin;
    T lanes[kLanes] = {};
    std::int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes) {
      for (int l = 0; l < kLanes; ++l) lanes[l] += c[i + l];
    }
    for (int l = 0; i + l < n; ++l) lanes[l] += c[i + l];
    for (int offset = kLanes / 2; offset > 0; offset /= 2) {
      for (int l = 0; l < offset; ++l) lanes[l] += lanes[l + offset];
    }
    return lanes[0];
  }

  // Pairwise sum of partials in place: a fixed tree over their positions.
  template <typename T>
  static T treeReduce(T* partials, std::int64_t n) {
    if (n == 0) return T{0};
    for (std::int64_t width = 1; width < n; width *= 2) {
      for (std::int64_t i = 0; i + width < n; i += 2 * width) partials[i] += partials[i + width];
    }
    return partials[0];
  }

  template <typename T>
  static void sequential(const Problem& p, const T* x, T* out) {
    std::vector<T> partials(static_cast<std::size_t>(p.chunks()));
    for (std::int64_t c = 0; c < p.chunks(); ++c)
      partials[static_cast<std::size_t>(c)] = chunkSum(p, x, c);
    out[0] = treeReduce(partials.data(), p.chunks());
  }
};

}  // namespace detbench::ops
