#pragma once
// Move-only owners of a cuDNN handle and of the descriptors a convolution needs, and the check
// that turns a failed cuDNN call into a CudnnError (OutOfMemory for an allocation failure, the
// device's or the host's) with
// the call's file and line.

#include <cudnn.h>

#include <string>
#include <utility>

#include "CudaErrors.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/cuda/ContextHealth.hpp"

namespace detbench::cuda {

// The message names the call and the status, then cuDNN's own reason where it gives one
// (cudnnGetLastErrorString, cuDNN 9: why a BAD_PARAM or NOT_SUPPORTED was refused).
[[noreturn]] inline void throwCudnn(cudnnStatus_t status, const char* what, const char* file,
                                    int line) {
  std::string message = std::string(what) + ": " + cudnnGetErrorString(status);
  char reason[512] = {};
  cudnnGetLastErrorString(reason, sizeof reason);
  if (reason[0] != '\0') message += " (" + std::string(reason) + ")";
  if (status == CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED ||
      status == CUDNN_STATUS_INTERNAL_ERROR_HOST_ALLOCATION_FAILED) {
    throw OutOfMemory(message, file, line);
  }
  recordLastErrorIfFatal(what);  // a failed kernel inside cuDNN shows as EXECUTION_FAILED
  throw CudnnError(message, file, line);
}

// Reads and drops cuDNN's reason for a failure that was expected (a query answered "not
// supported"), so that it is not given later as the reason of another failure.
inline void discardCudnnReason() {
  char scratch[512] = {};
  cudnnGetLastErrorString(scratch, sizeof scratch);
}

}  // namespace detbench::cuda

#define DETBENCH_CUDNN_CHECK(call)                                               \
  do {                                                                           \
    const cudnnStatus_t detbench_status_ = (call);                               \
    if (detbench_status_ != CUDNN_STATUS_SUCCESS)                                \
      ::detbench::cuda::throwCudnn(detbench_status_, #call, __FILE__, __LINE__); \
  } while (0)

namespace detbench::cuda {

// One owner template for every cuDNN object: Create and Destroy are its functions.
template <typename T, cudnnStatus_t (*Create)(T*), cudnnStatus_t (*Destroy)(T)>
class CudnnObject {
 public:
  CudnnObject() { DETBENCH_CUDNN_CHECK(Create(&object_)); }
  ~CudnnObject() {
    if (object_) (void)Destroy(object_);
  }
  CudnnObject(CudnnObject&& o) noexcept : object_(std::exchange(o.object_, nullptr)) {}
  CudnnObject& operator=(CudnnObject&&) = delete;
  CudnnObject(const CudnnObject&) = delete;
  CudnnObject& operator=(const CudnnObject&) = delete;
  T get() const noexcept { return object_; }

 private:
  T object_ = nullptr;
};

using CudnnHandle = CudnnObject<cudnnHandle_t, cudnnCreate, cudnnDestroy>;
using CudnnTensorDescriptor =
    CudnnObject<cudnnTensorDescriptor_t, cudnnCreateTensorDescriptor, cudnnDestroyTensorDescriptor>;
using CudnnFilterDescriptor =
    CudnnObject<cudnnFilterDescriptor_t, cudnnCreateFilterDescriptor, cudnnDestroyFilterDescriptor>;
using CudnnConvolutionDescriptor =
    CudnnObject<cudnnConvolutionDescriptor_t, cudnnCreateConvolutionDescriptor,
                cudnnDestroyConvolutionDescriptor>;
using CudnnPoolingDescriptor = CudnnObject<cudnnPoolingDescriptor_t, cudnnCreatePoolingDescriptor,
                                           cudnnDestroyPoolingDescriptor>;

// "9.1.0" from cudnnGetVersion().
inline std::string cudnnVersionText() {
  const std::size_t v = cudnnGetVersion();
  return std::to_string(v / 10000) + "." + std::to_string((v % 10000) / 100) + "." +
         std::to_string(v % 100);
}

}  // namespace detbench::cuda
