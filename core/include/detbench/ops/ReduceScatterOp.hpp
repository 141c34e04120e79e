#pragma once
// reduce_scatter: the gradient reduce-scatter of sharded data-parallel training (FSDP, ZeRO;
// torch.distributed.reduce_scatter_tensor) over `ranks` ranks, on detbench's own kernels. The
// data is all_reduce's (AllReduceOp.hpp): `rows` contributions of `size` elements, rank r
// holding rows r, r + ranks, ... and summing them into its partial. The collective gives each
// rank one shard of the sum: rank c receives elements [c * size / ranks, (c + 1) * size / ranks)
// (size a multiple of ranks, as PyTorch and NCCL require). The output is the ranks' shards one
// after another, so it holds every element of the sum once.
//
// The order in which a shard adds the ranks' partials (the deterministic form) is fixed by the
// algorithm, as NCCL's is for a fixed algorithm, protocol, channel count and world size:
//   algorithm 0, ring (NCCL's reduce-scatter): shard c starts at the rank after its owner and
//     travels the ring to the owner, each rank adding its partial:
//     ((p_(c+1) + p_(c+2)) + ...) + p_c. Each shard adds the ranks in another order, and a shard's
//     boundaries follow the world size.
//   algorithm 1, direct: every rank sends each owner its piece and the owner adds them in rank
//     order, p_0 + p_1 + ... (a reduce-scatter made of an all-to-all and a local sum).
// The orders are DETBENCH_HD: the cuda device runs them as written. The atomic form is the
// contrast: each rank's piece is added to its owner's shard as it arrives.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/AllReduceOp.hpp"

namespace detbench::ops {

struct ReduceScatterOp {
  static constexpr std::string_view kName = "reduce_scatter";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr int kMaxRanks = AllReduceOp::kMaxRanks;
  enum Algorithm : std::int64_t { kRing = 0, kDirect = 1 };
  // all_reduce's layout: rows, size, ranks, algorithm; a shard is a ring chunk.
  using Problem = AllReduceOp::Problem;
  enum Input { kGrads };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.rows; }

  // Rank r's partial of element i (all_reduce's).
  template <typename T>
  DETBENCH_HD static T partial(const Problem& p, const T* x, std::int64_t r, std::int64_t i) {
    return AllReduceOp::partial(p, x, r, i);
  }

  // Element i in the collective's order; its owner is the rank whose shard holds it.
  template <typename T>
  DETBENCH_HD static T element(const Problem& p, const T* x, std::int64_t i) {
    if (p.algorithm == kDirect) {
      T acc = partial(p, x, 0, i);
      for (std::int64_t r = 1; r < p.ranks; ++r) acc += partial(p, x, r, i);
      return acc;
    }
    const std::int64_t owner = p.chunkOf(i);
    T acc = partial(p, x, (owner + 1) % p.ranks, i);
    for (std::int64_t k = 2; k <= p.ranks; ++k) acc += partial(p, x, (owner + k) % p.ranks, i);
    return acc;
  }

  template <typename T>
  static void sequential(const Problem& p, const T* x, T* out) {
    for (std::int64_t i = 0; i < p.size; ++i) out[i] = element(p, x, i);
  }
};

}  // namespace detbench::ops
