#include <array>

#include "CpuKernel.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench::cpu {

#define DETBENCH_DECLARE_KERNEL(name, Name) \
  std::function<void()> make##Name##Kernel(const KernelArgs&);
DETBENCH_DEFINED_OPS(DETBENCH_DECLARE_KERNEL)
#undef DETBENCH_DECLARE_KERNEL

namespace {

// Made from the op list: every op with a definition has its cpu kernel, and those the list
// gives cpu-threads their threaded forms.
#define DETBENCH_THREADED_ENTRY(name, Name) KernelEntry{#name, make##Name##Kernel, true},
#define DETBENCH_SEQUENTIAL_ENTRY(name, Name) KernelEntry{#name, make##Name##Kernel, false},
constexpr std::array kKernels{DETBENCH_OP_TABLE(DETBENCH_THREADED_ENTRY, DETBENCH_THREADED_ENTRY,
                                                DETBENCH_SEQUENTIAL_ENTRY, DETBENCH_SKIP_OP)};
#undef DETBENCH_SEQUENTIAL_ENTRY
#undef DETBENCH_THREADED_ENTRY

}  // namespace

std::span<const KernelEntry> cpuKernels() {
  return kKernels;
}

const KernelEntry* findCpuKernel(std::string_view op, bool threads) {
  for (const auto& k : kKernels) {
    if (k.op == op) return threads && !k.threads ? nullptr : &k;
  }
  return nullptr;
}

}  // namespace detbench::cpu
