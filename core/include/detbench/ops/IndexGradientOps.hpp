#pragma once
// The gradients of the indexed reads, each an indexed sum into zeros:
//   gather_backward             x.gather(0, index) on a 1-D x, backward: grad_x[index[i]] +=
//                               grad[i] (scatter_add);
//   index_select_backward       x.index_select(0, index), backward: grad_x[index[i], :] +=
//                               grad[i, :] (index_add);
//   repeat_interleave_backward  x.repeat_interleave(repeats, dim=0), backward: row r of grad_x
//                               sums the `repeats` gradient rows it was copied to (PyTorch reads
//                               it through index_select, whose backward is index_add).
// The sequential form adds in index order, as PyTorch's CPU kernels do.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

enum class IndexGradient { Gather, IndexSelect, RepeatInterleave };

template <IndexGradient G>
struct IndexGradientOp {
  static constexpr std::string_view kName = G == IndexGradient::Gather ? "gather_backward"
                                            : G == IndexGradient::IndexSelect
                                                ? "index_select_backward"
                                                : "repeat_interleave_backward";
  static constexpr std::string_view kSizeParam =
      G == IndexGradient::RepeatInterleave ? "rows" : "size";
  struct Problem {
    std::int64_t size;     // gradient rows (elements for gather)
    std::int64_t rows;     // rows of x (elements for gather)
    std::int64_t cols;     // 1 for gather
    std::int64_t repeats;  // repeat_interleave only
  };
  // Input order: grad_output [size] or [size, cols], then index [size] (not for
  // repeat_interleave, whose row i comes from x's row i / repeats).
  enum Input { kGradOutput, kIndex };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) {
    return G == IndexGradient::RepeatInterleave ? p.repeats : p.size;
  }

  template <typename T>
  static void sequential(const Problem& p, const T* grad, const std::int64_t* index, T* out) {
    const auto d = static_cast<std::size_t>(p.cols);
    for (std::size_t i = 0; i < static_cast<std::size_t>(p.rows) * d; ++i) out[i] = T{0};
    for (std::int64_t i = 0; i < p.size; ++i) {
      const std::int64_t row = G == IndexGradient::RepeatInterleave ? i / p.repeats : index[i];
      T* dst = out + static_cast<std::size_t>(row) * d;
      const T* src = grad + static_cast<std::size_t>(i) * d;
      for (std::size_t c = 0; c < d; ++c) dst[c] += src[c];
    }
  }
};

using GatherBackwardOp = IndexGradientOp<IndexGradient::Gather>;
using IndexSelectBackwardOp = IndexGradientOp<IndexGradient::IndexSelect>;
using RepeatInterleaveBackwardOp = IndexGradientOp<IndexGradient::RepeatInterleave>;

}  // namespace detbench::ops
