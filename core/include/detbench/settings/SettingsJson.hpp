#pragma once
// Settings as JSON, as in a report's "settings" object (without the run's seed in force).

#include <nlohmann/json.hpp>

#include "detbench/settings/Settings.hpp"

namespace detbench {

nlohmann::ordered_json settingsToJson(const Settings& settings);
// Raises InvalidArgument naming the field for a missing, mistyped or unknown value.
Settings settingsFromJson(const nlohmann::ordered_json& json);

}  // namespace detbench
