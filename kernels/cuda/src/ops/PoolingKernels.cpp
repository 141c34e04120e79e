// max_pool2d backward through cuDNN (max_pool2d_backward with cudnn = 1): cudnnPoolingBackward
// in CUDNN_POOLING_MAX mode for the default and atomic forms, and CUDNN_POOLING_MAX_DETERMINISTIC
// for the deterministic form. cuDNN needs the forward output y as well as x and dy: it is
// computed once with cudnnPoolingForward when the op is prepared, outside the timed trials.

#include <cudnn.h>

#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "CudnnHandle.hpp"
#include "detbench/ops/MaxPool2dBackwardOp.hpp"

namespace detbench::cuda {

CudaRun makeMaxPool2dBackwardCudnn(const CudaKernelArgs& args) {
  using Op = ops::MaxPool2dBackwardOp;
  const auto p = Op::problem(args.params);
  const float* x = args.device.in<float>(Op::kSelf);
  const float* dy = args.device.in<float>(Op::kGradOutput);
  float* dx = args.device.out<float>();
  auto i = [](std::int64_t v) { return static_cast<int>(v); };
  struct State {
    CudnnHandle handle;
    CudnnTensorDescriptor x, y;
    CudnnPoolingDescriptor pool;
    std::shared_ptr<DeviceArray<float>> forward;
  };
  auto st = std::make_shared<State>();
  const bool deterministic = args.form == Form::Deterministic;
  DETBENCH_CUDNN_CHECK(cudnnSetTensor4dDescriptor(st->x.get(), CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                  i(p.batch), i(p.channels), i(p.height),
                                                  i(p.width)));
  DETBENCH_CUDNN_CHECK(cudnnSetTensor4dDescriptor(st->y.get(), CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                  i(p.batch), i(p.channels), i(p.outHeight()),
                                                  i(p.outWidth())));
  DETBENCH_CUDNN_CHECK(cudnnSetPooling2dDescriptor(
      st->pool.get(), deterministic ? CUDNN_POOLING_MAX_DETERMINISTIC : CUDNN_POOLING_MAX,
      CUDNN_NOT_PROPAGATE_NAN, i(p.kernel), i(p.kernel), 0, 0, i(p.stride), i(p.stride)));
  *args.algorithm = deterministic ? "cudnnPoolingBackward, CUDNN_POOLING_MAX_DETERMINISTIC"
                                  : "cudnnPoolingBackward, CUDNN_POOLING_MAX";
  st->forward =
      std::make_shared<DeviceArray<float>>(static_cast<std::size_t>(p.planes() * p.outPlane()));
  const float one = 1.0f, zero = 0.0f;
  DETBENCH_CUDNN_CHECK(cudnnPoolingForward(st->handle.get(), st->pool.get(), &one, st->x.get(), x,
                                           &zero, st->y.get(), st->forward->data()));
  DETBENCH_CUDA_CHECK(cudaDeviceSynchronize());
  return [=](StreamView stream) {
    DETBENCH_CUDNN_CHECK(cudnnSetStream(st->handle.get(), stream));
    const float a = 1.0f, b = 0.0f;
    DETBENCH_CUDNN_CHECK(cudnnPoolingBackward(st->handle.get(), st->pool.get(), &a, st->y.get(),
                                              st->forward->data(), st->y.get(), dy, st->x.get(), x,
                                              &b, st->x.get(), dx));
  };
}

}  // namespace detbench::cuda
