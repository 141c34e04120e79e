#include "Commands.hpp"
#include "detbench/cpu/CpuBackends.hpp"

namespace detbench::cli {

BackendRegistry makeRegistry() {
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  registry.add(cpu::makeCpuThreadsBackend());
  registry.addUnavailable("cuda", "this build of detbench has no CUDA backend module");
  return registry;
}

}  // namespace detbench::cli
