#pragma once
// What the cuda benchmarks share: without a GPU each reports why and is skipped, and an op is
// prepared once on the device and timed trial by trial with the device's CUDA events.

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "detbench/cuda/CudaBackend.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/run/HostMemory.hpp"

namespace detbench::bench {

inline bool skipWithoutDevice(benchmark::State& state, const Backend& backend) {
  if (backend.availability().available) return false;
  state.SkipWithError(("no GPU: " + backend.availability().reason).c_str());
  return true;
}

// Prepares `op` with `given` on the cuda device in `form`, then times one trial per iteration
// (after three to warm up). False where there is no device (the benchmark is skipped).
inline bool timeOnCuda(benchmark::State& state, const std::string& op, const OpParams& given,
                       Form form, const Settings& settings = {}) {
  auto backend = cuda::makeCudaBackend();
  if (skipWithoutDevice(state, *backend)) return false;
  const OpDefinition& def = opDefinition(op);
  const OpParams params = resolveParams(op, def.params(), given);
  const OpInputs inputs = prepareInputs(def, params, 0, availableMemoryBytes());
  const Context context(settings);
  auto prepared = backend->prepare(def, params, inputs, form, context);
  for (int w = 0; w < 3; ++w) prepared->execute();
  for (auto _ : state) state.SetIterationTime(static_cast<double>(prepared->execute()) * 1e-9);
  const std::string algorithm = prepared->algorithm();
  if (!algorithm.empty()) state.SetLabel(algorithm);
  return true;
}

}  // namespace detbench::bench
