#include "detbench/op/OpDefinition.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpList.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench {

namespace ops {
#define DETBENCH_DECLARE_DEFINITION(name, Name) \
  std::unique_ptr<OpDefinition> make##Name##Definition();
DETBENCH_DEFINED_OPS(DETBENCH_DECLARE_DEFINITION)
#undef DETBENCH_DECLARE_DEFINITION
}  // namespace ops

namespace {

std::vector<std::unique_ptr<OpDefinition>> makeAll() {
  std::vector<std::unique_ptr<OpDefinition>> all;
#define DETBENCH_MAKE_DEFINITION(name, Name) all.push_back(ops::make##Name##Definition());
  DETBENCH_DEFINED_OPS(DETBENCH_MAKE_DEFINITION)
#undef DETBENCH_MAKE_DEFINITION
  return all;
}

double elementsOf(const Shape& shape) {
  double n = 1;
  for (auto d : shape) n *= static_cast<double>(d);
  return n;
}

}  // namespace

std::span<const std::unique_ptr<OpDefinition>> opDefinitions() {
  static const auto all = makeAll();
  return all;
}

const OpDefinition* findOpDefinition(std::string_view name) {
  for (const auto& op : opDefinitions()) {
    if (op->name() == name) return op.get();
  }
  return nullptr;
}

const OpDefinition& opDefinition(std::string_view name) {
  if (const auto* op = findOpDefinition(name)) return *op;
  for (const auto catalogOnly : kOpNames) {
    if (catalogOnly == name) {
      DETBENCH_THROW(InvalidArgument, "op " + std::string(name) +
                                          " is a catalog entry only: no detbench device runs it");
    }
  }
  std::string names;
  for (const auto& op : opDefinitions())
    names += (names.empty() ? "" : ", ") + std::string(op->name());
  DETBENCH_THROW(InvalidArgument, "unknown op '" + std::string(name) + "'; known ops: " + names);
}

std::int64_t estimateHostBytes(const OpDefinition& op, const OpParams& params) {
  double bytes = 0, largestInput = 0;
  for (const auto& spec : op.inputSpecs(params)) {
    const double n = elementsOf(spec.shape);
    bytes += n * static_cast<double>(dtypeSize(spec.dtype));
    largestInput = std::max(largestInput, n);
  }
  const auto out = op.outputSpec(params);
  const double outN = elementsOf(out.shape);
  // output, trial-0 copy and one more for a differing trial, plus the float64 reference
  // (value and magnitude) and per-element scratch of the threaded kernels.
  bytes += 3 * outN * static_cast<double>(dtypeSize(out.dtype)) + 16 * outN + 8 * largestInput;
  return bytes > 9.0e18 ? std::numeric_limits<std::int64_t>::max()
                        : static_cast<std::int64_t>(bytes);
}

OpInputs prepareInputs(const OpDefinition& op, const OpParams& given, std::uint64_t dataSeed,
                       std::int64_t memoryLimitBytes) {
  const OpParams params = resolveParams(std::string(op.name()), op.params(), given);
  const std::int64_t need = estimateHostBytes(op, params);
  if (need > memoryLimitBytes) {
    DETBENCH_THROW(InvalidArgument,
                   "op " + std::string(op.name()) + ": these sizes would need about " +
                       humanBytes(static_cast<double>(need)) + " of memory, more than the " +
                       humanBytes(static_cast<double>(memoryLimitBytes)) + " available");
  }
  OpInputs inputs;
  inputs.specs = op.inputSpecs(params);
  inputs.output = op.outputSpec(params);
  inputs.tensors = op.makeInputs(params, DataGenerator(dataSeed));
  inputs.fingerprint = fingerprintInputs(inputs.tensors);
  return inputs;
}

std::uint64_t fingerprintInputs(const std::vector<HostTensor>& tensors) {
  std::uint64_t fp = 0;
  for (const auto& t : tensors)
    fp = fp * 0x9e3779b97f4a7c15ULL + fingerprintBytes(t.raw(), t.bytes());
  return fp;
}

}  // namespace detbench
