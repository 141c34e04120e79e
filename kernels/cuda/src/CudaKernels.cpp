#include <array>

#include "CudaKernel.hpp"

namespace detbench::cuda {

CudaRun makeIndexAddCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeScatterAddCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);

namespace {

constexpr std::array kKernels{
    CudaKernelEntry{"index_add", makeIndexAddCuda},
    CudaKernelEntry{"scatter_add", makeScatterAddCuda},
};

}  // namespace

std::span<const CudaKernelEntry> cudaKernels() {
  return kKernels;
}

const CudaKernelEntry* findCudaKernel(std::string_view op) {
  for (const auto& k : kKernels) {
    if (k.op == op) return &k;
  }
  return nullptr;
}

}  // namespace detbench::cuda
