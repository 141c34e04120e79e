#include "detbench/catalog/CompiledCode.hpp"

#include "catalog/data/CompiledCodeEntries.hpp"

namespace detbench::catalog {

namespace {

constexpr bool entriesRise() {
  for (std::size_t i = 1; i < kCompiledCode.size(); ++i) {
    if (!(kCompiledCode[i - 1].since < kCompiledCode[i].since)) return false;
  }
  return kCompiledCode.front().since == PyTorchRelease{2, 8};
}
static_assert(entriesRise(), "compiled code's entries start at 2.8 and are in release order");

// A switch, once there, stays; batch_invariant implies deterministic.
constexpr bool switchesStay() {
  for (std::size_t i = 1; i < kCompiledCode.size(); ++i) {
    if (kCompiledCode[i - 1].deterministicSwitch && !kCompiledCode[i].deterministicSwitch) {
      return false;
    }
    if (kCompiledCode[i - 1].batchInvariantSwitch && !kCompiledCode[i].batchInvariantSwitch) {
      return false;
    }
  }
  for (const auto& e : kCompiledCode) {
    if (e.batchInvariantSwitch && !e.deterministicSwitch) return false;
  }
  return true;
}
static_assert(switchesStay(), "compiled code's switches stay once they are there");

}  // namespace

std::span<const CompiledCodeTraits> compiledCodeEntries() {
  return kCompiledCode;
}

const CompiledCodeTraits& compiledCodeTraits(PyTorchRelease release) {
  const CompiledCodeTraits* found = &kCompiledCode.front();
  for (const auto& e : kCompiledCode) {
    if (!(release < e.since)) found = &e;
  }
  return *found;
}

PyTorchRelease compiledDeterministicSince() {
  for (const auto& e : kCompiledCode) {
    if (e.deterministicSwitch) return e.since;
  }
  return kCompiledCode.back().since;
}

PyTorchRelease compiledBatchInvariantSince() {
  for (const auto& e : kCompiledCode) {
    if (e.batchInvariantSwitch) return e.since;
  }
  return kCompiledCode.back().since;
}

}  // namespace detbench::catalog
