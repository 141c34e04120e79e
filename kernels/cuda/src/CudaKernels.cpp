#include <array>

#include "CudaKernel.hpp"

namespace detbench::cuda {

CudaRun makeIndexAddCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                         const CudaKernelEnv&);
CudaRun makeScatterAddCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                           const CudaKernelEnv&);
CudaRun makeBincountCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                         const CudaKernelEnv&);
CudaRun makeBincountWeightedCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                                 const CudaKernelEnv&);
CudaRun makeEmbeddingBagBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                                     const CudaKernelEnv&);
CudaRun makeSumCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                    const CudaKernelEnv&);
CudaRun makeMaxPool2dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                                  const CudaKernelEnv&);
CudaRun makeUpsampleBilinear2dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&,
                                           Form, const CudaKernelEnv&);
CudaRun makeAvgPool3dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                                  const CudaKernelEnv&);
CudaRun makeAdaptiveAvgPool2dBackwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&,
                                          Form, const CudaKernelEnv&);

CudaRun makeHistcCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                      const CudaKernelEnv&);
CudaRun makeCumsumCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                       const CudaKernelEnv&);
CudaRun makeMatmulCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                       const CudaKernelEnv&);
CudaRun makeRandCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                     const CudaKernelEnv&);
CudaRun makeRandnCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                      const CudaKernelEnv&);
CudaRun makeDropoutCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                        const CudaKernelEnv&);
#ifdef DETBENCH_HAVE_CUDNN
CudaRun makeConv2dForwardCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                              const CudaKernelEnv&);
CudaRun makeConv2dBackwardDataCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                                   const CudaKernelEnv&);
CudaRun makeConv2dBackwardFilterCuda(const OpParams&, const OpInputs&, const DeviceTensors&, Form,
                                     const CudaKernelEnv&);
#endif

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
    CudaKernelEntry{"histc", makeHistcCuda},
    CudaKernelEntry{"cumsum", makeCumsumCuda},
    CudaKernelEntry{"matmul", makeMatmulCuda},
    CudaKernelEntry{"rand", makeRandCuda},
    CudaKernelEntry{"randn", makeRandnCuda},
    CudaKernelEntry{"dropout", makeDropoutCuda},
#ifdef DETBENCH_HAVE_CUDNN
    CudaKernelEntry{"conv2d_forward", makeConv2dForwardCuda},
    CudaKernelEntry{"conv2d_backward_data", makeConv2dBackwardDataCuda},
    CudaKernelEntry{"conv2d_backward_filter", makeConv2dBackwardFilterCuda},
#endif
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
