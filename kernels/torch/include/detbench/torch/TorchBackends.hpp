#pragma once
// The torch devices: torch-cpu (PyTorch's own CPU kernels, on its intra-op thread pool) and
// torch-cuda (PyTorch's own CUDA kernels, where the libtorch the module was built against has
// CUDA and a GPU is present). Built into libdetbench_torch.so; applications load it at run time
// (kernels/registry), tests link the implementation directly.

#include <memory>
#include <vector>

#include "detbench/backend/Backend.hpp"

namespace detbench::torchdev {

// torch-cpu, then torch-cuda (unavailable, with the reason, where it cannot run).
std::vector<std::unique_ptr<Backend>> makeTorchBackends();

}  // namespace detbench::torchdev
