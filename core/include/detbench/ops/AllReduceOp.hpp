#pragma once
// all_reduce: the gradient all-reduce of data-parallel training (torch.distributed.all_reduce,
// DDP's buckets) over `ranks` ranks, on detbench's own kernels. The job's data is `rows`
// contributions of `size` elements (per-sample gradients, micro-batches); rank r holds rows r,
// r + ranks, r + 2 ranks, ... and sums them left to right into its partial, and the all-reduce
// adds the ranks' partials. The total is the same sum at every world size; how its float32
// additions group is not: the local sums and the collective's order both change with `ranks`.
//
// The collective's order (the deterministic form) is fixed by its algorithm, as NCCL's and gloo's
// are for a fixed algorithm, protocol, channel count and world size:
//   algorithm 0, ring: the elements are split into `ranks` chunks (chunk c from c*size/ranks);
//     in the reduce-scatter chunk c starts at rank c and travels the ring, each rank adding its
//     partial: ((p_c + p_(c+1)) + p_(c+2)) + ... + p_(c-1); the all-gather copies. Elements of
//     different chunks add the ranks in different orders.
//   algorithm 1, tree: every element adds the ranks pairwise by position (rank r adds rank
//     r + 1, then r + 2, r + 4, ...), then broadcasts.
// The orders are DETBENCH_HD: the cuda device runs them as written. Every rank ends with the
// same bits; the output is that result. The atomic form is the contrast: each rank's partial is
// added to the result as it arrives (atomics, or a parameter server that accumulates in arrival
// order), so the order of the ranks varies run to run.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct AllReduceOp {
  static constexpr std::string_view kName = "all_reduce";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr int kMaxRanks = 64;
  enum Algorithm : std::int64_t { kRing = 0, kTree = 1 };
  struct Problem {
    std::int64_t rows;
    std::int64_t size;
    std::int64_t ranks;
    std::int64_t algorithm;
    // The first element of ring chunk c (c = ranks: the end).
    DETBENCH_HD std::int64_t chunkBegin(std::int64_t c) const { return c * size / ranks; }
    // The ring chunk that holds element i: the last c with chunkBegin(c) <= i.
    DETBENCH_HD std::int64_t chunkOf(std::int64_t i) const { return ((i + 1) * ranks - 1) / size; }
  };
  enum Input { kGrads };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.rows; }

  // Rank r's partial of element i: its rows left to right.
  template <typename T>
  DETBENCH_HD static T partial(const Problem& p, const T* x, std::int64_t r, std::int64_t i) {
    T s = x[r * p.size + i];
    for (std::int64_t row = r + p.ranks; row < p.rows; row += p.ranks) s += x[row * p.size + i];
    return s;
  }

  // The ring's order for element i of chunk c.
  template <typename T>
  DETBENCH_HD static T ringElement(const Problem& p, const T* x, std::int64_t c, std::int64_t i) {
    T acc = partial(p, x, c, i);
    for (std::int64_t k = 1; k < p.ranks; ++k) acc += partial(p, x, (c + k) % p.ranks, i);
    return acc;
  }

  // The tree's order for element i.
  template <typename T>
  DETBENCH_HD static T treeElement(const Problem& p, const T* x, std::int64_t i) {
    T parts[kMaxRanks];
    for (std::int64_t r = 0; r < p.ranks; ++r) parts[r] = partial(p, x, r, i);
    for (std::int64_t width = 1; width < p.ranks; width *= 2) {
      for (std::int64_t r = 0; r + width < p.ranks; r += 2 * width) parts[r] += parts[r + width];
    }
    return parts[0];
  }

  // Element i of the result in the collective's order.
  template <typename T>
  DETBENCH_HD static T element(const Problem& p, const T* x, std::int64_t i) {
    return p.algorithm == kRing ? ringElement(p, x, p.chunkOf(i), i) : treeElement(p, x, i);
  }

  template <typename T>
  static void sequential(const Problem& p, const T* x, T* out) {
    for (std::int64_t i = 0; i < p.size; ++i) out[i] = element(p, x, i);
  }
};

}  // namespace detbench::ops
