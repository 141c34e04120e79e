#include "detbench/run/Sweep.hpp"

#include "detbench/base/Error.hpp"

namespace detbench {

std::vector<std::string_view> sweepPresetNames() {
  return {"default",   "deterministic",      "warn", "extensions", "atomic",
          "benchmark", "cudnn-deterministic"};
}

std::optional<SweepConfig> sweepPreset(std::string_view name, const Settings& base) {
  Settings s = base;
  s.form = FormRequest::Default;
  s.deterministic = DeterministicMode::Off;
  if (name == "default") {
  } else if (name == "deterministic") {
    s.deterministic = DeterministicMode::Error;
  } else if (name == "warn") {
    s.deterministic = DeterministicMode::Warn;
  } else if (name == "extensions") {
    s.deterministic = DeterministicMode::Error;
    s.semantics = CatalogSemantics::Extensions;
  } else if (name == "atomic") {
    s.form = FormRequest::Atomic;
  } else if (name == "benchmark") {
    s.cudnnBenchmark = true;
  } else if (name == "cudnn-deterministic") {
    s.cudnnDeterministic = true;
  } else {
    return std::nullopt;
  }
  return SweepConfig{std::string(name), s};
}

std::vector<SweepConfig> parseSweepConfigs(std::string_view list, const Settings& base) {
  std::vector<SweepConfig> configs;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (name.empty()) continue;
    auto preset = sweepPreset(name, base);
    if (!preset) {
      std::string names;
      for (auto n : sweepPresetNames()) names += (names.empty() ? "" : ", ") + std::string(n);
      DETBENCH_THROW(InvalidArgument,
                     "unknown configuration '" + std::string(name) + "'; known: " + names);
    }
    configs.push_back(std::move(*preset));
  }
  DETBENCH_CHECK_ARG(!configs.empty(), "the list of configurations names none");
  return configs;
}

SweepResult runSweep(const TrialRunner& runner, const RunRequest& base,
                     const PreparedInputs& prepared, const std::vector<SweepConfig>& configs,
                     const SweepCallbacks& callbacks, const CancelToken* cancel) {
  SweepResult result;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    if (cancel && cancel->cancelled()) break;
    const int index = static_cast<int>(i);
    RunRequest request = base;
    request.settings = configs[i].settings;
    request.label = configs[i].name;
    if (callbacks.onConfigurationStarted) callbacks.onConfigurationStarted(index, configs[i]);
    result.runs.push_back(runner.run(request, prepared, callbacks.trial, cancel));
    if (callbacks.onConfigurationFinished) {
      callbacks.onConfigurationFinished(index, result.runs.back());
    }
  }
  result.cancelled = cancel && cancel->cancelled();
  return result;
}

SweepResult runSweep(const TrialRunner& runner, const RunRequest& base,
                     const std::vector<SweepConfig>& configs, const SweepCallbacks& callbacks,
                     const CancelToken* cancel) {
  const PreparedInputs prepared = runner.prepare(base, static_cast<int>(configs.size()));
  return runSweep(runner, base, prepared, configs, callbacks, cancel);
}

}  // namespace detbench
