#pragma once
// The Markdown form of a report, ready to paste into a bug report.

#include <string>

#include "detbench/report/Report.hpp"

namespace detbench {

std::string reportToMarkdown(const ReportDocument& report);

}  // namespace detbench
