#pragma once
// The torch devices' op table: for each op of the catalog, the call a PyTorch user makes (the
// same as `detbench export-pytorch` writes, core/src/export/PyTorchCalls.cpp), written against
// ATen's C++ API, on detbench's own inputs. A test checks the table against the op list.

// This header names ATen's tensor without including ATen (TorchBackend.cpp reads the table
// without paying for ATen's headers); TorchCallArgs.hpp has the arguments.

#include <cstdint>
#include <span>
#include <vector>
#include <string_view>

namespace at {
class Tensor;
}  // namespace at

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
};

std::span<const TorchOpEntry> torchOps();
const TorchOpEntry* findTorchOp(std::string_view op);

// The calls that run autograd (TorchAutogradOps.cpp): their backward is what the op measures.
at::Tensor embeddingBagBackward(TorchCallArgs& args);
void embeddingBagSetup(TorchCallArgs& args);
at::Tensor ctcLossBackward(TorchCallArgs& args);
at::Tensor rnnForward(TorchCallArgs& args);
at::Tensor rnnBackwardWeights(TorchCallArgs& args);
void rnnSetup(TorchCallArgs& args);
// F.interpolate's backward for bilinear and trilinear: its deterministic decomposition where
// PyTorch takes it (a GPU in deterministic mode, 2.8 and 2.9 on), ATen's kernel otherwise.
at::Tensor upsampleBilinear2dBackward(TorchCallArgs& args);
at::Tensor upsampleTrilinear3dBackward(TorchCallArgs& args);
#if DETBENCH_TORCH_MAJOR > 2 || (DETBENCH_TORCH_MAJOR == 2 && DETBENCH_TORCH_MINOR >= 8)
// The decomposition itself (torch._decomp.decompositions._upsample_linear, align_corners=False,
// the output size given), for tests.
at::Tensor upsampleLinearDecomposition(const at::Tensor& input,
                                       const std::vector<std::int64_t>& outputSize);
#endif

}  // namespace detbench::torchdev
