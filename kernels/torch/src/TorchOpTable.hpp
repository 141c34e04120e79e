#pragma once
// The torch devices' op table: for each op of the catalog, the call a PyTorch user makes (the
// same as `detbench export-pytorch` writes, its catalog entry's pytorchCall), written against
// ATen's C++ API, on detbench's own inputs. A test checks the table against the op list.

// This header names ATen's tensor without including ATen (TorchBackend.cpp reads the table
// without paying for ATen's headers); TorchCallArgs.hpp has the arguments.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "TorchRelease.hpp"

namespace at {
class Tensor;
}  // namespace at

// PyTorch's Python-level deterministic decompositions (F.interpolate, F.pad) gather with
// aten::_unsafe_index, which exists from PyTorch 2.1; the branches that take them came in 2.2 and
// later, so a libtorch before 2.2 has none to follow.
#define DETBENCH_TORCH_DECOMPOSITIONS (DETBENCH_TORCH_AT_LEAST(2, 2))

namespace detbench::torchdev {

struct TorchCallArgs;

using TorchCall = at::Tensor (*)(TorchCallArgs& args);
using TorchSetup = void (*)(TorchCallArgs& args);

struct TorchOpEntry {
  std::string_view op;
  TorchCall call;
  TorchSetup setup = nullptr;  // once per prepared op, outside the timing (may be null)
  // Parameters that choose among detbench's own kernels (a batch-invariant form, several
  // streams): refused on the torch devices unless they keep their defaults.
  std::span<const std::string_view> detbenchOnly = {};
  // Draws from PyTorch's generator: seeded before every execution as the other devices seed
  // theirs (torch.manual_seed, then the op).
  bool random = false;
  // Run on torch-cpu only; why torch-cuda does not offer it (empty: both devices).
  std::string_view cpuOnly = {};
};

std::span<const TorchOpEntry> torchOps();
const TorchOpEntry* findTorchOp(std::string_view op);

// The calls that run autograd (TorchAutogradOps.cpp): their backward is what the op measures.
at::Tensor embeddingBagBackward(TorchCallArgs& args);
// The collectives over gloo process groups, one per rank (TorchCollectiveOps.cpp).
void glooRanksSetup(TorchCallArgs& args);
at::Tensor allReduce(TorchCallArgs& args);
at::Tensor reduceScatter(TorchCallArgs& args);
void reduceScatterSetup(TorchCallArgs& args);
void embeddingBagSetup(TorchCallArgs& args);
at::Tensor ctcLossBackward(TorchCallArgs& args);
at::Tensor rnnForward(TorchCallArgs& args);
at::Tensor rnnBackwardWeights(TorchCallArgs& args);
void rnnSetup(TorchCallArgs& args);
// F.interpolate's backward for bilinear and trilinear and F.pad's for replicate: their
// deterministic decompositions where PyTorch's Python takes them (a GPU in deterministic mode:
// bilinear from 2.5, trilinear from 2.9, replicate from 2.2), ATen's kernels otherwise.
at::Tensor upsampleBilinear2dBackward(TorchCallArgs& args);
at::Tensor upsampleTrilinear3dBackward(TorchCallArgs& args);
at::Tensor replicationPad2dBackward(TorchCallArgs& args);
// The catalog's indexing, selection, unpooling and padding ops that have only a cpu reference
// among detbench's devices (TorchIndexOps.cpp).
at::Tensor indexPut(TorchCallArgs& args);
at::Tensor put(TorchCallArgs& args);
at::Tensor indexCopy(TorchCallArgs& args);
at::Tensor scatter(TorchCallArgs& args);
at::Tensor indexReduceProd(TorchCallArgs& args);
at::Tensor gatherBackward(TorchCallArgs& args);
at::Tensor indexSelectBackward(TorchCallArgs& args);
at::Tensor repeatInterleaveBackward(TorchCallArgs& args);
at::Tensor embeddingBagMaxBackward(TorchCallArgs& args);
at::Tensor embeddingBackward(TorchCallArgs& args);
at::Tensor kthvalueIndices(TorchCallArgs& args);
at::Tensor medianIndices(TorchCallArgs& args);
at::Tensor maxPool3dBackward(TorchCallArgs& args);
at::Tensor adaptiveMaxPool2dBackward(TorchCallArgs& args);
at::Tensor fractionalMaxPool2dBackward(TorchCallArgs& args);
at::Tensor fractionalMaxPool3dBackward(TorchCallArgs& args);
at::Tensor maxUnpool1d(TorchCallArgs& args);
at::Tensor maxUnpool2d(TorchCallArgs& args);
at::Tensor maxUnpool3d(TorchCallArgs& args);
at::Tensor adaptiveAvgPool3dBackward(TorchCallArgs& args);
at::Tensor reflectionPad1dBackward(TorchCallArgs& args);
at::Tensor reflectionPad3dBackward(TorchCallArgs& args);
at::Tensor replicationPad1dBackward(TorchCallArgs& args);
at::Tensor replicationPad3dBackward(TorchCallArgs& args);
void leafRowsSetup(TorchCallArgs& args);
void leafMatrixSetup(TorchCallArgs& args);
void embeddingBagMaxSetup(TorchCallArgs& args);
void embeddingSetup(TorchCallArgs& args);
void paddingSetup1d(TorchCallArgs& args);
void paddingSetup3d(TorchCallArgs& args);

#if DETBENCH_TORCH_DECOMPOSITIONS
// The decompositions themselves (torch._decomp.decompositions._upsample_linear with
// align_corners=False and the output size given; _replication_pad with F.pad's padding), for
// tests.
at::Tensor upsampleLinearDecomposition(const at::Tensor& input,
                                       const std::vector<std::int64_t>& outputSize);
at::Tensor replicationPadDecomposition(const at::Tensor& input,
                                       const std::vector<std::int64_t>& padding);
#endif

}  // namespace detbench::torchdev
