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

}  // namespace detbench::catalog
