// A CUDA backend built without cuDNN offers no convolutions and no RNNs (CudaKernels.cpp leaves out
// the ops the catalog marks as cuDNN's, so supports() is false for them and nothing reaches these):
// the factories are stubs that say why, should anything ever call them.

#include "CudaKernel.hpp"
#include "detbench/base/Error.hpp"

namespace detbench::cuda {

namespace {

[[noreturn]] void withoutCudnn(const char* op) {
  DETBENCH_THROW(NotAvailable, std::string("op ") + op +
                                   " needs cuDNN, and this build of the CUDA backend has none "
                                   "(configure with DETBENCH_CUDNN=ON where cuDNN is installed)");
}

}  // namespace

CudaRun makeConv2dForwardCuda(const CudaKernelArgs&) {
  withoutCudnn("conv2d_forward");
}
CudaRun makeConv2dBackwardDataCuda(const CudaKernelArgs&) {
  withoutCudnn("conv2d_backward_data");
}
CudaRun makeConv2dBackwardFilterCuda(const CudaKernelArgs&) {
  withoutCudnn("conv2d_backward_filter");
}
CudaRun makeRnnForwardCuda(const CudaKernelArgs&) {
  withoutCudnn("rnn_forward");
}
CudaRun makeRnnBackwardWeightsCuda(const CudaKernelArgs&) {
  withoutCudnn("rnn_backward_weights");
}

}  // namespace detbench::cuda
