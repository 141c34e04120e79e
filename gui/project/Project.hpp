#pragma once
// What a .detbench project holds: the op, its parameters and device, the settings, the compare
// configurations, and the results of the last run and the last comparison.

#include <QStringList>
#include <optional>
#include <vector>

#include "detbench/Report.hpp"
#include "detbench/Sweep.hpp"

namespace detbench::gui {

struct Project {
  RunRequest request;
  QStringList comparePresets;
  std::vector<SweepConfig> customConfigurations;
  std::optional<ReportDocument> run;
  std::optional<ReportDocument> compare;
};

}  // namespace detbench::gui
