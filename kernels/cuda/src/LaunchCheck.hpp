#pragma once
// The check after every kernel launch of the module (Launch.cuh's launch() calls it): a launch
// that fails becomes a CudaError that names the kernel, with the file and line of its launch.
// Host code only, so the tests build the texts without a GPU.

#include <cuda_runtime_api.h>

#include <string>

#include "StreamView.hpp"

namespace detbench::cuda {

// A launch site: the kernel as the launch names it, and the file and line of the launch.
struct KernelSite {
  const char* name;
  const char* file;
  int line;
};

// "kernel chunkSumKernel (SumKernels.cu:70)": the kernel and where it was launched.
std::string describeSite(const KernelSite& site);

// Throws the CudaError (or OutOfMemory) for a launch that returned `status`, with the site's
// file and line.
[[noreturn]] void throwLaunchFailure(const KernelSite& site, cudaError_t status);

// After a launch on `stream`: the launch's own error (a bad configuration, too many resources)
// is reported and cleared.
void checkLaunch(const KernelSite& site, StreamView stream);

}  // namespace detbench::cuda
