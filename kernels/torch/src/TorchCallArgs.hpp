#pragma once
// What a torch device's op call reads: the op's params, its inputs by name (on the device, made
// from detbench's inputs), and the tensors its setup made once, outside any timing.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "TorchOpTable.hpp"
#include "detbench/op/OpParams.hpp"

namespace detbench::torchdev {

struct TorchCallArgs {
  OpParams params;  // a copy: the prepared op outlives no caller's map
  std::map<std::string, at::Tensor, std::less<>> tensors;
  at::TensorOptions options;  // float32 on the device
  // What a setup keeps for the calls besides tensors (all_reduce's process groups).
  std::shared_ptr<void> state;

  const at::Tensor& in(std::string_view name) const;
  std::int64_t p(const char* name) const { return param(params, name); }
};

#if DETBENCH_TORCH_DECOMPOSITIONS
// Whether PyTorch's Python takes its deterministic decomposition here: a GPU in deterministic
// mode, from release 2.`sinceMinor` on (F.interpolate bilinear 2.5, trilinear 2.9; F.pad
// replicate 2-D 2.2, 1-D and 3-D 2.3).
bool pythonDecomposes(const TorchCallArgs& args, int sinceMinor);
// The input gradient through a decomposition `forward` of the op: zeros as the input (each such
// op is linear in it), the args' grad_output back through it.
at::Tensor decompositionBackward(TorchCallArgs& args, const std::vector<std::int64_t>& inputShape,
                                 const std::function<at::Tensor(const at::Tensor&)>& forward);
#endif

}  // namespace detbench::torchdev
