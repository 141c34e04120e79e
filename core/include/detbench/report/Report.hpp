#pragma once
// A reproducibility report: one trial set ("run") or several configurations on the same
// inputs ("sweep"), with the environment it ran in. Schema: docs/REPORT-FORMAT.md.

#include <optional>
#include <string>
#include <vector>

#include "detbench/report/Environment.hpp"
#include "detbench/run/RunResult.hpp"

namespace detbench {

inline constexpr int kReportSchemaVersion = 1;

enum class ReportKind { Run, Sweep };

// Where a report was made from when it ran on another machine (`--host`): the context is the
// remote machine's, and this is the local one that drove it.
struct ReportViewer {
  std::string host;         // the local host name
  std::string toolVersion;  // the local detbench
  std::string remote;       // how the run was reached: "ssh user@host"
};

struct ReportDocument {
  ReportKind kind = ReportKind::Run;
  Environment context;
  std::vector<RunResult> runs;  // one for a run; one per configuration for a sweep
  std::optional<ReportViewer> viewer;
};

}  // namespace detbench
