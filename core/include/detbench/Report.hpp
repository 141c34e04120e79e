#pragma once
// A reproducibility report: one trial set ("run") or several configurations on the same
// inputs ("sweep"), with the environment it ran in. Schema: docs/REPORT-FORMAT.md.

#include <string>
#include <vector>

#include "detbench/Environment.hpp"
#include "detbench/RunResult.hpp"

namespace detbench {

inline constexpr int kReportSchemaVersion = 1;

enum class ReportKind { Run, Sweep };

struct ReportDocument {
  ReportKind kind = ReportKind::Run;
  Environment context;
  std::vector<RunResult> runs;  // one for a run; one per configuration for a sweep
};

}  // namespace detbench
