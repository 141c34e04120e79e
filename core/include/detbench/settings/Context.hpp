#pragma once
// The run-time context of one trial set: the settings in force and the alerts they raise.
// Mirrors at::Context (aten/src/ATen/Context.cpp): alertNotDeterministic does nothing when
// deterministic algorithms are off, records a warning in warn mode, and raises
// NondeterministicError in error mode.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/settings/Settings.hpp"

namespace detbench {

enum class AlertCode {
  NoDeterministicImplementation,  // an op without a deterministic form ran in warn mode
  CublasWorkspaceConfig,          // a cuBLAS op ran in warn mode without a valid workspace config
  DetbenchContrast,  // a contrast form PyTorch never runs in deterministic mode ran in warn mode
  LibraryWarning,    // any other warning the library raised while the op ran (torch devices)
};

std::string_view toString(AlertCode code);
std::optional<AlertCode> parseAlertCode(std::string_view text);

struct Alert {
  AlertCode code;
  std::string caller;  // the op's call site, as PyTorch names it (detbench's op name for contrasts)
  std::string message;  // an English sentence for logs and reports
};

class Context {
 public:
  explicit Context(Settings settings);

  const Settings& settings() const noexcept { return settings_; }
  bool deterministicAlgorithms() const noexcept {
    return settings_.deterministic != DeterministicMode::Off;
  }
  bool deterministicAlgorithmsWarnOnly() const noexcept {
    return settings_.deterministic == DeterministicMode::Warn;
  }
  // cudnn.deterministic, or implied by deterministic algorithms (as in PyTorch's Conv dispatch).
  bool effectiveCudnnDeterministic() const noexcept {
    return settings_.cudnnDeterministic || deterministicAlgorithms();
  }
  // Deterministic algorithms fill fresh outputs (NaN for floats, max for integers).
  bool fillsUninitializedMemory() const noexcept {
    return deterministicAlgorithms() && settings_.fillUninitializedMemory;
  }
  // The seed in force: the one that was set, or a fresh nondeterministic one drawn at
  // construction (recorded in the report so the run can be repeated).
  std::uint64_t seed() const noexcept { return seed_; }
  bool seedWasSet() const noexcept { return settings_.seed.has_value(); }

  // PyTorch's alert for an op that has no deterministic implementation, in its words.
  void alertNotDeterministic(std::string_view caller);
  // PyTorch (up to 2.9): a cuBLAS op in deterministic mode needs CUBLAS_WORKSPACE_CONFIG set
  // to :4096:8 or :16:8. In PyTorch's words.
  void alertCublasConfigNotDeterministic(std::string_view caller);
  // detbench's own alert, where a contrast form (an atomic form PyTorch would not run here) is
  // asked for with deterministic algorithms on: `why` says what PyTorch does instead. Raises in
  // error mode and warns in warn mode, as PyTorch's alerts do, but says it is detbench's.
  void alertDetbenchContrast(std::string_view op, std::string_view why);

  const std::vector<Alert>& warnings() const noexcept { return warnings_; }

 private:
  Settings settings_;
  std::uint64_t seed_;
  std::vector<Alert> warnings_;
};

}  // namespace detbench
