#include "detbench/cuda/ContextHealth.hpp"

#include <mutex>

namespace detbench::cuda {

namespace {

std::mutex& faultMutex() {
  static std::mutex m;
  return m;
}

std::optional<std::string>& faultReason() {
  static std::optional<std::string> reason;
  return reason;
}

}  // namespace

bool isContextFatal(cudaError_t status) {
  switch (status) {
    // The errors driver_types.h documents with "the process must be terminated and relaunched".
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchTimeout:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure:
    case cudaErrorTensorMemoryLeak:
    case cudaErrorMpsClientTerminated:
    // An uncorrectable ECC error during execution, and a context that no longer exists.
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed:
      return true;
    default:
      return false;
  }
}

bool recordContextFault(cudaError_t status, std::string_view where) {
  if (!isContextFatal(status)) return false;
  const std::lock_guard lock(faultMutex());
  if (!faultReason()) {
    faultReason() = std::string(cudaGetErrorName(status)) + " (" + cudaGetErrorString(status) +
                    ") in " + std::string(where);
  }
  return true;
}

void recordLastErrorIfFatal(std::string_view where) {
  recordContextFault(cudaPeekAtLastError(), where);
}

std::optional<std::string> contextFault() {
  const std::lock_guard lock(faultMutex());
  return faultReason();
}

void resetContextFaultForTesting() {
  const std::lock_guard lock(faultMutex());
  faultReason().reset();
}

}  // namespace detbench::cuda
