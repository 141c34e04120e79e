#pragma once
// Inside a call of compiled code that is a cause: the two runs' kernel lists compared, to name
// the first kernel after which the tensors it was given differ, or to say that the runs ran
// other kernels (Inductor chose another one) or that every listed kernel agreed (the difference
// came from an ATen call the compiled code makes itself: random seeds, extern kernels).

#include <cstdint>
#include <optional>
#include <string>

#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {

struct KernelDifference {
  int run = 0;                  // the run compared with run 1
  std::int64_t count = 0;       // kernels run 1's call ran
  std::int64_t otherCount = 0;  // kernels the other run's call ran
  // The first kernel (from 0) after which the tensors differ, or whose name differs; -1: none
  // of the kernels compared.
  std::int64_t index = -1;
  std::string name;       // run 1's kernel there
  std::string otherName;  // the other run's, where it ran another
  // Past the kernels listed (the probe lists at most kMaxKernelsPerCall): not compared.
  bool beyondListed = false;
  bool operator==(const KernelDifference&) const = default;
};

// Run 1's call against run `run`'s; nothing where neither listed a kernel.
std::optional<KernelDifference> compareKernels(const TraceOp& first, const TraceOp& other, int run);

// Whether a kernel's name says that it draws random numbers: Inductor names a fused kernel after
// the ATen ops it came from ("cpp_fused_add_rand_like_1", "triton_poi_fused_native_dropout_0").
bool kernelDrawsRandomNumbers(const std::string& name);

// One line: "kernel 2 of 3, cpp_fused_add_rand_1, is the first after which its tensors differ".
std::string describeKernels(const KernelDifference& d);

}  // namespace detbench::trace
