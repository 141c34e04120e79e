#pragma once
// Whether the CUDA runtime sees a device, asked directly (not through the backend under test);
// the runtime's error, if any, is cleared.

#include <cuda_runtime_api.h>

namespace detbench::test_support {

inline bool cudaDeviceVisible() {
  int count = 0;
  const bool ok = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
  (void)cudaGetLastError();
  return ok;
}

}  // namespace detbench::test_support
