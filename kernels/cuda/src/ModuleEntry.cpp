// The entry point core's loader looks up in libdetbench_cuda.so.

#include "detbench/backend/BackendModule.hpp"
#include "detbench/cuda/CudaBackend.hpp"

extern "C" __attribute__((visibility("default"))) detbench::Backend* detbench_create_backend(
    int abiVersion) {
  if (abiVersion != detbench::kBackendModuleAbi) return nullptr;
  try {
    return detbench::cuda::makeCudaBackend().release();
  } catch (...) {
    return nullptr;
  }
}
