#include <array>

#include "CpuKernel.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench::cpu {

#define DETBENCH_DECLARE_KERNEL(name, Name) \
  std::function<void()> make##Name##Kernel(const KernelArgs&);
DETBENCH_OPS(DETBENCH_DECLARE_KERNEL)
#undef DETBENCH_DECLARE_KERNEL

namespace {

// Made from the op list: every op has its cpu kernels.
#define DETBENCH_KERNEL_ENTRY(name, Name) KernelEntry{#name, make##Name##Kernel},
constexpr std::array kKernels{DETBENCH_OPS(DETBENCH_KERNEL_ENTRY)};
#undef DETBENCH_KERNEL_ENTRY

}  // namespace

std::span<const KernelEntry> cpuKernels() {
  return kKernels;
}

const KernelEntry* findCpuKernel(std::string_view op) {
  for (const auto& k : kKernels) {
    if (k.op == op) return &k;
  }
  return nullptr;
}

}  // namespace detbench::cpu
