#include "detbench/DefaultRegistry.hpp"

#include "detbench/BackendModule.hpp"
#include "detbench/cpu/CpuBackends.hpp"

namespace detbench {

BackendRegistry makeDefaultRegistry() {
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  registry.add(cpu::makeCpuThreadsBackend());
#ifdef DETBENCH_WITH_CUDA_MODULE
  LoadedBackend cuda = loadBackendModule(defaultModulePath("cuda"));
  if (cuda.backend) {
    registry.add(std::move(cuda.backend));
  } else {
    registry.addUnavailable("cuda", cuda.reason);
  }
#else
  registry.addUnavailable("cuda",
                          "this build of detbench has no CUDA backend (configure with "
                          "DETBENCH_CUDA=ON where the CUDA toolkit is installed)");
#endif
  return registry;
}

}  // namespace detbench
