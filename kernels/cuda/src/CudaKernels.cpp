#include <array>
#include <vector>

#include "CudaKernel.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench::cuda {

#define DETBENCH_DECLARE_CUDA(name, Name) CudaRun make##Name##Cuda(const CudaKernelArgs&);
DETBENCH_CUDA_OPS(DETBENCH_DECLARE_CUDA)
#undef DETBENCH_DECLARE_CUDA

namespace {

// Made from the op list: every op has its cuda kernels. Without cuDNN the ops the catalog marks
// as cuDNN's are left out (their factories are stubs that are never reached).
#define DETBENCH_CUDA_ENTRY(name, Name) CudaKernelEntry{#name, make##Name##Cuda},
constexpr std::array kAllKernels{DETBENCH_CUDA_OPS(DETBENCH_CUDA_ENTRY)};
#undef DETBENCH_CUDA_ENTRY

bool offered(const CudaKernelEntry& k) {
#ifdef DETBENCH_HAVE_CUDNN
  static_cast<void>(k);
  return true;
#else
  const OpTraits* traits = findOpTraits(k.op);
  return traits == nullptr || !traits->cudnn;
#endif
}

const std::vector<CudaKernelEntry>& kernels() {
  static const std::vector<CudaKernelEntry> offeredKernels = [] {
    std::vector<CudaKernelEntry> v;
    for (const auto& k : kAllKernels) {
      if (offered(k)) v.push_back(k);
    }
    return v;
  }();
  return offeredKernels;
}

}  // namespace

std::span<const CudaKernelEntry> cudaKernels() {
  return kernels();
}

const CudaKernelEntry* findCudaKernel(std::string_view op) {
  for (const auto& k : kernels()) {
    if (k.op == op) return &k;
  }
  return nullptr;
}

}  // namespace detbench::cuda
