// The entry point core's loader looks up in libdetbench_torch.so: both torch devices.

#include "detbench/backend/BackendModule.hpp"
#include "detbench/torch/TorchBackends.hpp"

extern "C" __attribute__((visibility("default"))) int detbench_create_backends(
    int abiVersion, detbench::Backend** out, int capacity) {
  if (abiVersion != detbench::kBackendModuleAbi) return -1;
  try {
    auto backends = detbench::torchdev::makeTorchBackends();
    int n = 0;
    for (auto& b : backends) {
      if (n == capacity) break;
      out[n++] = b.release();
    }
    return n;
  } catch (...) {
    return 0;
  }
}
