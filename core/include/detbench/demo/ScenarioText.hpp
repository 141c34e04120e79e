#pragma once
// A teaching scenario as plain text, in English or Chinese: its introduction (title, lesson,
// steps, what to expect) and what a run of it showed (the device, each run or lesson's numbers,
// the checks and the verdict). What `detbench demo` prints, and what a remote `detbench serve`
// sends for a demo run there.

#include <string>

#include "detbench/demo/ScenarioRunner.hpp"

namespace detbench::demo {

std::string scenarioIntroText(const Scenario& scenario, const std::string& language);
std::string scenarioOutcomeText(const Scenario& scenario, const ScenarioOutcome& outcome,
                                const std::string& language);

}  // namespace detbench::demo
