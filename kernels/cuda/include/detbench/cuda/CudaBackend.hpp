#pragma once
// The `cuda` device. Built into a shared module (libdetbench_cuda.so) that the applications
// load at run time; where there is no driver or no device it reports itself unavailable with
// the CUDA runtime's reason (cudaErrorInsufficientDriver, cudaErrorNoDevice, ...).

#include <memory>

#include "detbench/backend/Backend.hpp"

namespace detbench::cuda {

std::unique_ptr<Backend> makeCudaBackend();

}  // namespace detbench::cuda
