#pragma once
// The JSON form of a report (schema version 1).

#include <string>

#include <nlohmann/json.hpp>

#include "detbench/Report.hpp"

namespace detbench {

nlohmann::ordered_json reportToJson(const ReportDocument& report);
// Pretty-printed, two-space indent, trailing newline.
std::string reportJsonText(const ReportDocument& report);

}  // namespace detbench
