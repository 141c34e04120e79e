#pragma once
// The JSON form of a report (schema version 1).

#include <string>

#include <nlohmann/json.hpp>

#include "detbench/report/Report.hpp"

namespace detbench {

nlohmann::ordered_json reportToJson(const ReportDocument& report);
// A number as the reports write it: JSON has no infinity or NaN, so they are strings.
nlohmann::ordered_json jsonNumber(double v);
// The `context` block: where a report was made.
nlohmann::ordered_json environmentToJson(const Environment& env);
// Pretty-printed, two-space indent, trailing newline: reportToJson(report).dump(2) and a
// newline, with the trials rendered one at a time instead of held as a document first.
std::string reportJsonText(const ReportDocument& report);
// The same on one line, as reportToJson(report).dump() (the serve protocol's "report").
std::string reportJsonLine(const ReportDocument& report);

}  // namespace detbench
