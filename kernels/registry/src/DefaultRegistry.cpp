#include "detbench/DefaultRegistry.hpp"

#include <cstdlib>
#include <string>

#include "detbench/backend/BackendModule.hpp"
#include "detbench/cpu/CpuBackends.hpp"

namespace detbench {

BackendRegistry makeDefaultRegistry() {
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  // DETBENCH_CPU_SCHEDULE runs cpu-threads under a simulated schedule (cpu/TaskSchedule.hpp):
  // the same orders every time, for tests and for lessons that must show on any machine.
  const char* schedule = std::getenv("DETBENCH_CPU_SCHEDULE");
  if (schedule == nullptr || *schedule == '\0') {
    registry.add(cpu::makeCpuThreadsBackend());
  } else if (const auto parsed = cpu::TaskSchedule::parse(schedule)) {
    registry.add(cpu::makeCpuThreadsBackend(*parsed));
  } else {
    registry.addUnavailable("cpu-threads", std::string("DETBENCH_CPU_SCHEDULE='") + schedule +
                                               "' is not threads, in-order, shuffled or "
                                               "shuffled:SEED");
  }
#ifdef DETBENCH_WITH_CUDA_MODULE
  // The CUDA module links cuBLAS, cuBLASLt and cuDNN, and asks the driver for its devices: a
  // one-trial run on the CPU took 0.45 s with it loaded and 0.29 s without (on a machine with no
  // GPU), so it too is loaded the first time cuda is asked for (or listed).
  registry.addOnDemand({"cuda"}, [] { return loadBackendModules(defaultModulePath("cuda")); });
#else
  registry.addUnavailable("cuda",
                          "this build of detbench has no CUDA backend (configure with "
                          "DETBENCH_CUDA=ON where the CUDA toolkit is installed)");
#endif
  // The torch devices run PyTorch's own kernels through libtorch. Loading libtorch takes most of a
  // second, so its module is loaded the first time a torch device is asked for (or listed).
#ifdef DETBENCH_WITH_TORCH_MODULE
  registry.addOnDemand({"torch-cpu", "torch-cuda"},
                       [] { return loadBackendModules(defaultModulePath("torch")); });
#else
  for (const char* id : {"torch-cpu", "torch-cuda"}) {
    registry.addUnavailable(id,
                            "this build of detbench has no torch device (it is built where "
                            "libtorch is found: Debian's libtorch-dev, or a pip PyTorch named "
                            "with DETBENCH_TORCH_PYTHON)");
  }
#endif
  return registry;
}

}  // namespace detbench
