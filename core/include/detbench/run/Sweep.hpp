#pragma once
// One op on the same inputs under several configurations, side by side.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/run/TrialRunner.hpp"

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
  bool cancelled = false;  // stopped by the cancel token (the last run may be partial)
};

struct SweepCallbacks {
  // Before each configuration: its index and the configuration.
  std::function<void(int, const SweepConfig&)> onConfigurationStarted;
  // For every trial of every configuration (onFirstOutput: trial 0 of each).
  RunCallbacks trial;
  // After each configuration: its index and its result.
  std::function<void(int, const RunResult&)> onConfigurationFinished;
};

// The one loop over configurations (the command line's sweep, the workbench's runs and
// comparisons, the invariance runs): every configuration on the same inputs; one that cannot
// run, raises in error mode or meets a device fault is recorded and the sweep goes on.
SweepResult runSweep(const TrialRunner& runner, const RunRequest& base,
                     const PreparedInputs& prepared, const std::vector<SweepConfig>& configs,
                     const SweepCallbacks& callbacks = {}, const CancelToken* cancel = nullptr);
// The same, preparing the inputs first (checking the memory of every configuration's trials).
SweepResult runSweep(const TrialRunner& runner, const RunRequest& base,
                     const std::vector<SweepConfig>& configs, const SweepCallbacks& callbacks = {},
                     const CancelToken* cancel = nullptr);

}  // namespace detbench
