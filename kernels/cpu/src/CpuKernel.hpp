#pragma once
// How the CPU devices run an op: a kernel factory binds an op's inputs and output to a closure
// for the form that dispatch chose.

#include <functional>
#include <span>
#include <string_view>

#include "detbench/catalog/Dispatch.hpp"
#include "detbench/cpu/ThreadPool.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/RandomOps.hpp"

namespace detbench::cpu {

struct KernelArgs {
  const OpParams& params;
  const OpInputs& inputs;
  HostTensor& output;
  ThreadPool* pool;  // null on the sequential `cpu` device
  Form form;
  ops::TrialSeeds seeds;  // for the random ops
};

// Returns the closure that computes the whole output once.
using KernelFactory = std::function<void()> (*)(const KernelArgs&);

struct KernelEntry {
  std::string_view op;
  KernelFactory make;
  // cpu-threads offers the op (its atomic and deterministic forms); otherwise the factory makes
  // the `cpu` device's sequential form only.
  bool threads;
};

std::span<const KernelEntry> cpuKernels();
// The op's kernels, for the `cpu` device (every op with a definition) or cpu-threads.
const KernelEntry* findCpuKernel(std::string_view op, bool threads);

}  // namespace detbench::cpu
