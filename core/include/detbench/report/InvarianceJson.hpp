#pragma once
// An invariance run as JSON (docs/REPORT-FORMAT.md, "Invariance runs"): the measured guarantee,
// each configuration's comparison with the first, and the configurations' own runs as a sweep
// report, which `detbench compare` and the report tools read as any other.

#include <optional>

#include <nlohmann/json.hpp>

#include "detbench/report/Environment.hpp"
#include "detbench/report/Report.hpp"
#include "detbench/run/Invariance.hpp"

namespace detbench {

inline constexpr int kInvarianceSchemaVersion = 1;

// `viewer`: the machine that asked, when the run was made on another (detbench --host).
nlohmann::ordered_json invarianceToJson(const InvarianceResult& result, const Environment& context,
                                        const std::optional<ReportViewer>& viewer = std::nullopt);

}  // namespace detbench
