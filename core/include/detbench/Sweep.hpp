#pragma once
// One op on the same inputs under several configurations, side by side.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/TrialRunner.hpp"

namespace detbench {

struct SweepConfig {
  std::string name;
  Settings settings;
};

// The preset configurations, applied on top of `base`:
//   default        deterministic algorithms off, PyTorch's default forms
//   deterministic  use_deterministic_algorithms(True): error mode
//   warn           use_deterministic_algorithms(True, warn_only=True)
//   extensions     error mode with detbench's deterministic extensions
//   atomic         the atomic form, even where PyTorch's default is deterministic (contrast)
//   benchmark      cudnn.benchmark = True
//   cudnn-deterministic  cudnn.deterministic = True
std::vector<std::string_view> sweepPresetNames();
std::optional<SweepConfig> sweepPreset(std::string_view name, const Settings& base);
// The presets of a comma-separated list ("default,deterministic"), applied on top of `base`;
// raises InvalidArgument naming an unknown one, or for a list that names none.
std::vector<SweepConfig> parseSweepConfigs(std::string_view list, const Settings& base);

struct SweepResult {
  std::vector<RunResult> runs;
};

// Runs every configuration on inputs made once; a configuration that fails (raises in error
// mode, say) is recorded and the sweep goes on with the next.
SweepResult runSweep(const TrialRunner& runner, const RunRequest& base,
                     const std::vector<SweepConfig>& configs, const RunCallbacks& callbacks = {},
                     const CancelToken* cancel = nullptr);

}  // namespace detbench
