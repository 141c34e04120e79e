#pragma once
// A move-only cuBLAS handle, and the check that turns a failed cuBLAS call into a CublasError
// with the call's file and line.

#include <cublas_v2.h>

#include <string>
#include <utility>

#include "CudaErrors.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/cuda/ContextHealth.hpp"

namespace detbench::cuda {

[[noreturn]] inline void throwCublas(cublasStatus_t status, const char* what, const char* file,
                                     int line) {
  std::string message =
      std::string(what) + ": " + cublasGetStatusName(status) + ": " + cublasGetStatusString(status);
  if (status == CUBLAS_STATUS_ALLOC_FAILED) throw OutOfMemory(message, file, line);
  recordLastErrorIfFatal(what);  // a failed kernel inside cuBLAS shows as EXECUTION_FAILED
  throw CublasError(message, file, line);
}

}  // namespace detbench::cuda

#define DETBENCH_CUBLAS_CHECK(call)                                               \
  do {                                                                            \
    const cublasStatus_t detbench_status_ = (call);                               \
    if (detbench_status_ != CUBLAS_STATUS_SUCCESS)                                \
      ::detbench::cuda::throwCublas(detbench_status_, #call, __FILE__, __LINE__); \
  } while (0)

namespace detbench::cuda {

class CublasHandle {
 public:
  CublasHandle() { DETBENCH_CUBLAS_CHECK(cublasCreate(&handle_)); }
  ~CublasHandle() {
    if (handle_) (void)cublasDestroy(handle_);
  }
  CublasHandle(CublasHandle&& o) noexcept : handle_(std::exchange(o.handle_, nullptr)) {}
  CublasHandle& operator=(CublasHandle&&) = delete;
  CublasHandle(const CublasHandle&) = delete;
  CublasHandle& operator=(const CublasHandle&) = delete;
  cublasHandle_t get() const noexcept { return handle_; }

 private:
  cublasHandle_t handle_ = nullptr;
};

}  // namespace detbench::cuda
