#pragma once
// torch.compile's code (Inductor) as the catalog knows it, release by release: what makes a
// compiled region give other bits from run to run, and which switch PyTorch has against it. A
// traced script's compiled region (`compiled::NAME`, trace/TraceCatalogLink.hpp) is explained by
// these, and the trace's --inductor-* settings are refused where the release has no switch.

#include <span>
#include <string_view>

#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench::catalog {

struct CompiledCodeTraits {
  PyTorchRelease since;  // holds from this release until the next entry's
  // torch._inductor.config.deterministic: no on-device benchmarking where it affects numerics;
  // use_deterministic_algorithms(True) sets it.
  bool deterministicSwitch = false;
  // torch._inductor.config.batch_invariant: a row's compiled kernel kept across batch sizes
  // (implies deterministic).
  bool batchInvariantSwitch = false;
  std::string_view note;
  std::string_view source;
};

// The entries, oldest first (from the catalog's oldest release, 2.8).
std::span<const CompiledCodeTraits> compiledCodeEntries();
// The entry that holds for `release` (the oldest for an older one).
const CompiledCodeTraits& compiledCodeTraits(PyTorchRelease release);
// The first release with the deterministic switch, and with the batch-invariant one.
PyTorchRelease compiledDeterministicSince();
PyTorchRelease compiledBatchInvariantSince();

}  // namespace detbench::catalog
