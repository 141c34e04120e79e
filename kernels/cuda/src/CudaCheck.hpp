#pragma once
// Checks on CUDA runtime calls: a failure becomes a typed CudaError with the call's file and
// line, the error's name and description. The last error is cleared first, so one failed
// launch does not poison the next call; an error that leaves the context unusable is recorded
// (ContextHealth.hpp), and the cuda device reports itself unavailable from then on. Such an
// error is raised by a running kernel and reported by a later call, so unless launches are
// waited for (LaunchCheck.hpp) its message says how to find the kernel.

#include <cuda_runtime_api.h>

#include <string>

#include "CudaErrors.hpp"
#include "LaunchCheck.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/cuda/ContextHealth.hpp"

namespace detbench::cuda {

inline std::string describe(cudaError_t status) {
  return std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status);
}

[[noreturn]] inline void throwCuda(cudaError_t status, const char* what, const char* file,
                                   int line) {
  (void)cudaGetLastError();  // clear the last error (a fatal one stays: it cannot be cleared)
  if (status == cudaErrorMemoryAllocation) {
    throw OutOfMemory(std::string(what) + ": " + describe(status), file, line);
  }
  std::string message = std::string(what) + ": " + describe(status);
  if (recordContextFault(status, what)) {
    message +=
        "; the CUDA context is lost and the cuda device is unavailable until detbench "
        "is restarted";
    if (!syncLaunches()) message += "; " + syncLaunchesAdvice();
  }
  throw CudaError(message, file, line);
}

}  // namespace detbench::cuda

#define DETBENCH_CUDA_CHECK(call)                                               \
  do {                                                                          \
    const cudaError_t detbench_status_ = (call);                                \
    if (detbench_status_ != cudaSuccess)                                        \
      ::detbench::cuda::throwCuda(detbench_status_, #call, __FILE__, __LINE__); \
  } while (0)
