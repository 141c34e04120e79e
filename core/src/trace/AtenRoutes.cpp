#include "AtenRoutes.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "catalog/CatalogEntry.hpp"

namespace detbench::trace {

namespace {

using Params = std::vector<std::pair<std::string, std::int64_t>>;

std::int64_t dim(const TraceTensor& t, std::size_t i) {
  return i < t.shape.size() ? t.shape[i] : 1;
}

// The product of the sizes from dimension `from` on (1 for none); a product past int64 (a
// hostile record's shape) is clamped to the largest int64, which no op's parameter accepts.
std::int64_t trailing(const TraceTensor& t, std::size_t from) {
  std::int64_t n = 1;
  for (std::size_t i = from; i < t.shape.size(); ++i) {
    if (__builtin_mul_overflow(n, t.shape[i], &n)) return INT64_MAX;
  }
  return n;
}

std::int64_t numelOf(const TraceTensor& t) {
  return trailing(t, 0);
}

bool isTrue(const TraceOp& op, const std::string& name) {
  const auto v = scalarArgument(op, name);
  return v && (*v == "true" || *v == "1");
}

bool argumentIs(const TraceOp& op, const std::string& name, std::string_view json) {
  const auto v = scalarArgument(op, name);
  return v && *v == json;
}

// The size of the output (random ops: the number of values drawn).
Params outputSize(const TraceOp& op) {
  if (op.outputs.empty()) return {};
  return {{"size", numelOf(op.outputs[0])}};
}

Params inputSize(const TraceOp& op) {
  if (op.inputs.empty()) return {};
  return {{"size", numelOf(op.inputs[0])}};
}

Params indexPutParams(const TraceOp& op) {
  // self [rows, cols...], indices (one tensor on dim 0) [size], values [size, cols...].
  const auto& in = op.inputs;
  if (in.size() < 3 || in[0].shape.empty()) return {};
  const TraceTensor& values = in.back();
  return {{"size", values.shape.empty() ? 1 : dim(values, 0)},
          {"cols", trailing(in[0], 1)},
          {"rows", dim(in[0], 0)}};
}

Params putParams(const TraceOp& op) {
  const auto& in = op.inputs;
  if (in.size() < 3) return {};
  const TraceTensor& self = in[0];
  return {{"size", numelOf(in[1])},
          {"rows", self.shape.size() >= 2 ? dim(self, 0) : 1},
          {"cols", self.shape.size() >= 2 ? trailing(self, 1) : numelOf(self)}};
}

Params indexAddParams(const TraceOp& op) {
  const auto& in = op.inputs;
  if (in.size() < 3 || !argumentIs(op, "dim", "0")) return {};
  return {{"size", dim(in[2], 0)}, {"cols", trailing(in[0], 1)}, {"rows", dim(in[0], 0)}};
}

Params scatterAddParams(const TraceOp& op) {
  const auto& in = op.inputs;
  const auto d = scalarArgument(op, "dim");
  if (in.size() < 3 || !d || (*d != "0" && *d != "1") || in[2].shape.size() > 2 ||
      in[2].shape.empty()) {
    return {};
  }
  const std::int64_t dd = *d == "1" ? 1 : 0;
  const TraceTensor& src = in[2];
  Params p{{"size", dim(src, 0)},
           {"ndim", static_cast<std::int64_t>(src.shape.size())},
           {"dim", dd},
           {"out_size", dim(in[0], static_cast<std::size_t>(dd))}};
  if (src.shape.size() == 2) p.emplace_back("cols", dim(src, 1));
  return p;
}

Params countParams(const TraceOp& op) {
  if (op.inputs.empty() || op.outputs.empty()) return {};
  return {{"size", numelOf(op.inputs[0])}, {"bins", numelOf(op.outputs[0])}};
}

Params matmulParams(const TraceOp& op) {
  const std::size_t a = atenBaseName(op.name) == "addmm" ? 1 : 0;
  const auto& in = op.inputs;
  if (in.size() < a + 2 || in[a].shape.size() != 2 || in[a + 1].shape.size() != 2) return {};
  return {{"size", dim(in[a], 0)}, {"k", dim(in[a], 1)}, {"n", dim(in[a + 1], 1)}};
}

using catalog::TraceShape;
using catalog::TraceWhen;

Params paramsOf(TraceShape shape, const TraceOp& op) {
  switch (shape) {
    case TraceShape::None:
      return {};
    case TraceShape::InputSize:
      return inputSize(op);
    case TraceShape::OutputSize:
      return outputSize(op);
    case TraceShape::IndexPut:
      return indexPutParams(op);
    case TraceShape::Put:
      return putParams(op);
    case TraceShape::IndexAdd:
      return indexAddParams(op);
    case TraceShape::ScatterAdd:
      return scatterAddParams(op);
    case TraceShape::Count:
      return countParams(op);
    case TraceShape::Matmul:
      return matmulParams(op);
  }
  return {};
}

bool chooses(const catalog::TraceRoute& r, const TraceOp& op) {
  const std::string argument(r.argument);
  switch (r.when) {
    case TraceWhen::Always:
      return true;
    case TraceWhen::ArgumentTrue:
      return isTrue(op, argument);
    case TraceWhen::ArgumentNotTrue:
      return !isTrue(op, argument);
    case TraceWhen::ArgumentAbsent:
      return !scalarArgument(op, argument).has_value();
    case TraceWhen::ArgumentPresent:
      return scalarArgument(op, argument).has_value();
    case TraceWhen::ArgumentIs:
      return argumentIs(op, argument, r.value);
    case TraceWhen::ArgumentIsNot:
      return !argumentIs(op, argument, r.value);
    case TraceWhen::WithoutWeights:
      return op.inputs.size() < 2;
    case TraceWhen::WithWeights:
      return op.inputs.size() >= 2;
    case TraceWhen::QuantizedInput:
      return !op.inputs.empty() && op.inputs[0].dtype.starts_with("q");
  }
  return false;
}

bool namesHold(std::string_view names, std::string_view name) {
  while (!names.empty()) {
    const auto comma = names.find(',');
    if (names.substr(0, comma) == name) return true;
    if (comma == std::string_view::npos) break;
    names.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

std::optional<CatalogMatch> routeAtenOp(const TraceOp& op) {
  const std::string base = atenBaseName(op.name);
  if (base.empty()) return std::nullopt;
  for (const catalog::OpEntry& entry : catalog::catalogEntries()) {
    const catalog::TraceRoute& r = entry.trace;
    if (!namesHold(r.aten, base) || !chooses(r, op)) continue;
    return CatalogMatch{std::string(entry.name), paramsOf(r.shape, op)};
  }
  return std::nullopt;
}

}  // namespace detbench::trace
