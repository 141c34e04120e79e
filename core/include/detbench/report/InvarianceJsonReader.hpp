#pragma once
// Reads an invariance run's JSON (invarianceToJson) back: what a remote `detbench serve` sends
// for an invariance request, and a saved invariance file. Writing what was read gives the same
// JSON (the per-point fields and the embedded sweep report).

#include <nlohmann/json.hpp>

#include "detbench/report/Environment.hpp"
#include "detbench/run/Invariance.hpp"

namespace detbench {

struct InvarianceDocument {
  InvarianceResult result;
  Environment context;
};

// Raises InvalidArgument naming the problem for JSON that is not a detbench invariance run of a
// supported schema version, or whose fields are missing, mistyped, or disagree with its runs.
InvarianceDocument invarianceFromJson(const nlohmann::ordered_json& json);

}  // namespace detbench
