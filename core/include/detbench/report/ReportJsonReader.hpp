#pragma once
// Reads a report written by reportToJson back into a ReportDocument, so that a saved run can be
// reopened (the GUI's project files) and rendered again (`detbench report`). Writing what was
// read gives the same JSON text.

#include <string>

#include <nlohmann/json.hpp>

#include "detbench/report/Report.hpp"

namespace detbench {

// Raises InvalidArgument naming the problem for JSON that is not a detbench report of a
// supported schema version, or whose fields are missing or mistyped.
ReportDocument reportFromJson(const nlohmann::ordered_json& json);

// A report's `context` object (what `detbench serve` sends as its environment).
Environment environmentFromJson(const nlohmann::ordered_json& context);

// Reads and parses a report file; raises IoError for an unreadable file and InvalidArgument
// (naming the file) for one that is not a report.
ReportDocument readReportFile(const std::string& path);

}  // namespace detbench
