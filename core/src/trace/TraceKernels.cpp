#include "detbench/trace/TraceKernels.hpp"

#include <algorithm>

namespace detbench::trace {

std::optional<KernelDifference> compareKernels(const TraceOp& first, const TraceOp& other,
                                               int run) {
  if (first.kernelCalls == 0 && other.kernelCalls == 0) return std::nullopt;
  KernelDifference d;
  d.run = run;
  d.count = first.kernelCalls;
  d.otherCount = other.kernelCalls;
  const std::size_t listed = std::min(first.kernels.size(), other.kernels.size());
  for (std::size_t i = 0; i < listed; ++i) {
    const TraceKernel& a = first.kernels[i];
    const TraceKernel& b = other.kernels[i];
    if (a.name == b.name && a.digest == b.digest) continue;
    d.index = static_cast<std::int64_t>(i);
    d.name = a.name;
    if (b.name != a.name) d.otherName = b.name;
    return d;
  }
  if (first.kernels.size() != other.kernels.size()) {
    // One run ran more kernels than the other: the first one past the shorter list.
    d.index = static_cast<std::int64_t>(listed);
    const bool mine = first.kernels.size() > listed;
    (mine ? d.name : d.otherName) = (mine ? first.kernels : other.kernels)[listed].name;
    return d;
  }
  d.beyondListed = first.kernelCalls > static_cast<std::int64_t>(listed) ||
                   other.kernelCalls > static_cast<std::int64_t>(listed);
  return d;
}

bool kernelDrawsRandomNumbers(const std::string& name) {
  for (const char* word : {"rand", "bernoulli", "dropout", "normal", "uniform", "multinomial",
                           "exponential", "poisson", "rrelu"}) {
    if (name.find(word) != std::string::npos) return true;
  }
  return false;
}

namespace {

std::string kernelsText(std::int64_t n) {
  return std::to_string(n) + (n == 1 ? " kernel" : " kernels");
}

}  // namespace

std::string describeKernels(const KernelDifference& d) {
  const std::string run = "run " + std::to_string(d.run);
  const std::string counts = d.count == d.otherCount
                                 ? " of " + std::to_string(d.count)
                                 : " (run 1 ran " + std::to_string(d.count) + ", " + run + " " +
                                       std::to_string(d.otherCount) + ")";
  if (d.index < 0) {
    std::string s = "the " + kernelsText(d.count) + " it ran left equal tensors in " + run;
    if (d.beyondListed) {
      s += " as far as they were listed (the first " + std::to_string(kMaxKernelsPerCall) + ")";
    } else {
      s += ": the difference came from an ATen call the compiled code makes itself (random "
           "seeds, an extern kernel such as mm)";
    }
    return s;
  }
  const std::string at = "kernel " + std::to_string(d.index + 1) + counts;
  if (d.name.empty()) return at + ": only " + run + " ran " + d.otherName;
  if (d.otherName.empty() && d.index >= d.otherCount) {
    return at + ": only run 1 ran " + d.name;
  }
  if (!d.otherName.empty()) {
    return at + ": run 1 ran " + d.name + " where " + run + " ran " + d.otherName +
           " (Inductor chose other kernels)";
  }
  return at + ", " + d.name + ", is the first after which its tensors differ";
}

}  // namespace detbench::trace
