#pragma once
// What a .detbench project holds: the op, its parameters and device (and the remote host, when
// the device is on another machine), the settings, the compare configurations, and the results
// of the last run and the last comparison.

#include <QStringList>
#include <optional>
#include <vector>

#include "controllers/RemoteHost.hpp"
#include "detbench/report/Report.hpp"
#include "detbench/run/Sweep.hpp"

namespace detbench::gui {

struct Project {
  RunRequest request;
  // The remote host when runs go to another machine (request.device is then the device there).
  std::optional<RemoteHost> remote;
  QStringList comparePresets;
  std::vector<SweepConfig> customConfigurations;
  std::optional<ReportDocument> run;
  std::optional<ReportDocument> compare;
};

}  // namespace detbench::gui
