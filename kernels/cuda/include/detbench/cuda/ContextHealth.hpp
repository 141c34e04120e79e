#pragma once
// Whether this process's CUDA context can still be used. Most CUDA errors are returned once and
// leave the context usable (a bad launch configuration, an allocation that did not fit). A few
// corrupt it for good: after an illegal address, a kernel trap or an uncorrectable ECC error
// every later call fails with the same error until the process exits. The first such error is
// recorded here, and the cuda device then reports itself unavailable with that reason instead of
// failing every following run with a confusing message.

#include <cuda_runtime_api.h>

#include <optional>
#include <string>
#include <string_view>

namespace detbench::cuda {

// True for the errors after which the context can no longer be used ("sticky" errors).
bool isContextFatal(cudaError_t status);

// Records `status` as the reason the context was lost (the first one is kept), when it is fatal;
// `where` names the call that saw it. Returns whether it was fatal.
bool recordContextFault(cudaError_t status, std::string_view where);

// Checks the runtime's last error without clearing it (after a cuBLAS or cuDNN failure, whose
// status hides the CUDA error underneath) and records it when it is fatal.
void recordLastErrorIfFatal(std::string_view where);

// The reason the context was lost, if it was.
std::optional<std::string> contextFault();

// Forgets a recorded fault (tests only: a real lost context cannot be recovered in-process).
void resetContextFaultForTesting();

}  // namespace detbench::cuda
