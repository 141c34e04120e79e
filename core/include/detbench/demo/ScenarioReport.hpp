#pragma once
// A scenario's outcome as a report: Markdown to paste into notes or a bug, and JSON with every
// number (each run's summary, the loader's changes, every training loss).

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "detbench/demo/ScenarioRunner.hpp"

namespace detbench::demo {

nlohmann::ordered_json scenarioReportJson(const Scenario& scenario, const ScenarioOutcome& outcome);
std::string scenarioReportMarkdown(const Scenario& scenario, const ScenarioOutcome& outcome,
                                   std::string_view language);

}  // namespace detbench::demo
