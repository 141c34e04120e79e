#pragma once
// The workbench's knobs as they apply to a traced script, and the configurations of one trace.
// Unset knobs are left as the script sets them: with none, the script runs exactly as written.
//   environment, before the interpreter starts: PYTHONHASHSEED, CUBLAS_WORKSPACE_CONFIG, and
//   any variable named (--env NAME=VALUE; NCCL's settings), which every process of a job sees;
//   in the interpreter, before the script's first line: torch.set_num_threads, the seeds
//   (torch.manual_seed, random.seed, numpy.random.seed), use_deterministic_algorithms,
//   cudnn.benchmark, cudnn.deterministic, torch._inductor.config's deterministic and
//   batch_invariant; and whether torch.compile's code runs as compiled (each call one op, the
//   default) or eagerly (the ops inside traced one by one).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/settings/Settings.hpp"

namespace detbench::trace {

struct TraceSettings {
  std::optional<std::uint64_t> seed;
  std::optional<DeterministicMode> deterministic;
  std::optional<bool> cudnnBenchmark;
  std::optional<bool> cudnnDeterministic;
  std::optional<std::string> cublasWorkspaceConfig;  // checked with WorkspaceConfig::parse
  std::optional<std::uint32_t> pythonHashSeed;
  std::optional<int> threads;
  std::optional<bool> inductorDeterministic;
  std::optional<bool> inductorBatchInvariant;
  bool compileEager = false;
  // Set in the environment before the interpreter starts, in order (later ones win).
  std::vector<std::pair<std::string, std::string>> environment;
  // The job's number of processes: torchrun's --nproc_per_node, else WORLD_SIZE in the
  // environment for a script that starts its own (which reads it).
  std::optional<int> worldSize;
  bool operator==(const TraceSettings&) const = default;
  bool empty() const { return *this == TraceSettings{}; }
};

struct TraceConfig {
  std::string name;
  TraceSettings settings;
};

// The presets of `--configs`, applied on top of `base`:
//   default              the base settings (none: the script as written)
//   seeded               the base and a seed (the base's, else 0)
//   deterministic        seeded, and use_deterministic_algorithms(True)
//   warn                 seeded, and use_deterministic_algorithms(True, warn_only=True)
//   benchmark            the base and cudnn.benchmark = True
//   cudnn-deterministic  the base and cudnn.deterministic = True
std::vector<std::string_view> traceConfigNames();
std::optional<TraceConfig> traceConfig(std::string_view name, const TraceSettings& base);
// A comma-separated list; raises InvalidArgument naming an unknown preset or a repeated one.
std::vector<TraceConfig> parseTraceConfigs(std::string_view list, const TraceSettings& base);

// NAME=VALUE for the environment: raises InvalidArgument for a name that is not a variable's
// (letters, digits and _, not first a digit) or one the trace sets itself (DETBENCH_TRACE_*,
// PYTHONPATH, PYTHONHASHSEED and CUBLAS_WORKSPACE_CONFIG have their own options).
std::pair<std::string, std::string> parseEnvironmentSetting(std::string_view text);
// Adds or replaces NAME in the settings' environment.
void setEnvironment(TraceSettings& settings, const std::string& name, const std::string& value);

// What the probe applies inside the interpreter (DETBENCH_TRACE_SETTINGS).
nlohmann::json probeSettingsJson(const TraceSettings& settings);
// The settings as reports write them: every knob, null when unset.
nlohmann::ordered_json traceSettingsJson(const TraceSettings& settings);
// "seed 0, deterministic error, 2 threads" ("as written" for none).
std::string describeSettings(const TraceSettings& settings);

// The configurations of `--world-sizes 2,3,4`: "world-2", ... on top of `base`. Raises
// InvalidArgument for a list that is not distinct sizes from 1 to 1024, or has fewer than two.
std::vector<TraceConfig> parseWorldSizes(std::string_view list, const TraceSettings& base);

// The workbench's settings for running an op as a traced configuration ran it: PyTorch's
// semantics and default dispatch, the traced knobs (unset ones at their defaults: no seed,
// deterministic mode off, one thread per core), and the catalog release the trace explained by.
// The Python-only knobs (PYTHONHASHSEED, Inductor's, torch.compile's) have no op-level setting.
Settings workbenchSettings(const TraceSettings& traced, PyTorchRelease release);

// Raises InvalidArgument, naming the release, where the traced PyTorch ("2.9.1+cu128") lacks a
// setting: torch._inductor.config.deterministic and batch_invariant came in 2.10.
void checkSettingsForRelease(const TraceSettings& settings, const std::string& torchVersion);

}  // namespace detbench::trace
