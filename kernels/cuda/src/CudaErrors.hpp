#pragma once
// The CUDA backend's device errors: core knows them only as DeviceError; reports name them by
// kindName() ("CudaError", "CublasError", "CudnnError").

#include "detbench/base/Error.hpp"

namespace detbench {

#define DETBENCH_DEFINE_DEVICE_ERROR(Name)                           \
  class Name : public DeviceError {                                  \
   public:                                                           \
    using DeviceError::DeviceError;                                  \
    const char* kindName() const noexcept override { return #Name; } \
  }

DETBENCH_DEFINE_DEVICE_ERROR(CudaError);
DETBENCH_DEFINE_DEVICE_ERROR(CublasError);
DETBENCH_DEFINE_DEVICE_ERROR(CudnnError);

#undef DETBENCH_DEFINE_DEVICE_ERROR

}  // namespace detbench
