#include "detbench/OpDefinition.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "detbench/Digest.hpp"
#include "detbench/Error.hpp"
#include "detbench/Format.hpp"
#include "detbench/OpCatalog.hpp"

namespace detbench {

namespace ops {
std::unique_ptr<OpDefinition> makeIndexAddDefinition();
std::unique_ptr<OpDefinition> makeScatterAddDefinition();
std::unique_ptr<OpDefinition> makeBincountDefinition();
std::unique_ptr<OpDefinition> makeBincountWeightedDefinition();
std::unique_ptr<OpDefinition> makeEmbeddingBagBackwardDefinition();
std::unique_ptr<OpDefinition> makeSumDefinition();
std::unique_ptr<OpDefinition> makeMaxPool2dBackwardDefinition();
std::unique_ptr<OpDefinition> makeUpsampleBilinear2dBackwardDefinition();
std::unique_ptr<OpDefinition> makeAvgPool3dBackwardDefinition();
std::unique_ptr<OpDefinition> makeAdaptiveAvgPool2dBackwardDefinition();
std::unique_ptr<OpDefinition> makeHistcDefinition();
std::unique_ptr<OpDefinition> makeCumsumDefinition();
std::unique_ptr<OpDefinition> makeMatmulDefinition();
std::unique_ptr<OpDefinition> makeConv2dForwardDefinition();
std::unique_ptr<OpDefinition> makeConv2dBackwardDataDefinition();
std::unique_ptr<OpDefinition> makeConv2dBackwardFilterDefinition();
std::unique_ptr<OpDefinition> makeRandDefinition();
std::unique_ptr<OpDefinition> makeRandnDefinition();
std::unique_ptr<OpDefinition> makeDropoutDefinition();
}  // namespace ops

namespace {

std::vector<std::unique_ptr<OpDefinition>> makeAll() {
  std::vector<std::unique_ptr<OpDefinition>> all;
  all.push_back(ops::makeIndexAddDefinition());
  all.push_back(ops::makeScatterAddDefinition());
  all.push_back(ops::makeBincountDefinition());
  all.push_back(ops::makeBincountWeightedDefinition());
  all.push_back(ops::makeEmbeddingBagBackwardDefinition());
  all.push_back(ops::makeSumDefinition());
  all.push_back(ops::makeMaxPool2dBackwardDefinition());
  all.push_back(ops::makeUpsampleBilinear2dBackwardDefinition());
  all.push_back(ops::makeAvgPool3dBackwardDefinition());
  all.push_back(ops::makeAdaptiveAvgPool2dBackwardDefinition());
  all.push_back(ops::makeHistcDefinition());
  all.push_back(ops::makeCumsumDefinition());
  all.push_back(ops::makeMatmulDefinition());
  all.push_back(ops::makeConv2dForwardDefinition());
  all.push_back(ops::makeConv2dBackwardDataDefinition());
  all.push_back(ops::makeConv2dBackwardFilterDefinition());
  all.push_back(ops::makeRandDefinition());
  all.push_back(ops::makeRandnDefinition());
  all.push_back(ops::makeDropoutDefinition());
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
  std::uint64_t fp = 0;
  for (const auto& t : inputs.tensors)
    fp = fp * 0x9e3779b97f4a7c15ULL + fingerprintBytes(t.raw(), t.bytes());
  inputs.fingerprint = fp;
  return inputs;
}

}  // namespace detbench
