#include <array>

#include "CudaKernel.hpp"

namespace detbench::cuda {

CudaRun makeIndexAddCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeScatterAddCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeBincountCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeBincountWeightedCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeEmbeddingBagBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeSumCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeMaxPool2dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeUpsampleBilinear2dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&,
                                           Form);
CudaRun makeAvgPool3dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form);
CudaRun makeAdaptiveAvgPool2dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&,
                                          Form);

namespace {

constexpr std::array kKernels{
    CudaKernelEntry{"index_add", makeIndexAddCuda},
    CudaKernelEntry{"scatter_add", makeScatterAddCuda},
    CudaKernelEntry{"bincount", makeBincountCuda},
    CudaKernelEntry{"bincount_weighted", makeBincountWeightedCuda},
    CudaKernelEntry{"embedding_bag_backward", makeEmbeddingBagBackwardCuda},
    CudaKernelEntry{"sum", makeSumCuda},
    CudaKernelEntry{"max_pool2d_backward", makeMaxPool2dBackwardCuda},
    CudaKernelEntry{"upsample_bilinear2d_backward", makeUpsampleBilinear2dBackwardCuda},
    CudaKernelEntry{"avg_pool3d_backward", makeAvgPool3dBackwardCuda},
    CudaKernelEntry{"adaptive_avg_pool2d_backward", makeAdaptiveAvgPool2dBackwardCuda},
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
