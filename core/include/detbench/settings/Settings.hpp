#pragma once
// The knobs that decide whether an op is reproducible. They mean exactly what they mean in
// PyTorch (the README's "Semantics: mirror PyTorch", and PyTorch's reproducibility notes at
// pytorch.org/docs/stable/notes/randomness.html).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench {

// torch.use_deterministic_algorithms(False) / (True, warn_only=True) / (True).
enum class DeterministicMode { Off, Warn, Error };

// Which catalog the dispatcher follows: PyTorch's documented behaviour only, or PyTorch plus the
// deterministic kernels detbench adds where PyTorch has none.
enum class CatalogSemantics { PyTorch, Extensions };

// Which implementation of an op to run. Default follows PyTorch's dispatch; Atomic and
// Deterministic ask for one form explicitly (for contrast), and are still subject to the
// deterministic-mode alerts.
enum class FormRequest { Default, Atomic, Deterministic };

std::string_view toString(DeterministicMode mode);
std::string_view toString(CatalogSemantics semantics);
std::string_view toString(FormRequest form);
std::optional<DeterministicMode> parseDeterministicMode(std::string_view text);
std::optional<CatalogSemantics> parseCatalogSemantics(std::string_view text);
std::optional<FormRequest> parseFormRequest(std::string_view text);

// A parsed CUBLAS_WORKSPACE_CONFIG value: one or more ":SIZE:COUNT" groups, SIZE in KiB.
struct WorkspaceConfig {
  struct Entry {
    std::int64_t sizeKiB;
    std::int64_t count;
  };
  std::string text;
  std::vector<Entry> entries;

  // Parses and validates; raises InvalidArgument naming the problem when malformed.
  static WorkspaceConfig parse(std::string_view text);
  // True for the two values PyTorch (up to 2.9) accepts in deterministic mode.
  bool isDeterministicForCublas() const;
  // Total bytes of workspace the configuration asks cuBLAS for, per handle and stream.
  std::int64_t totalBytes() const;
};

// The most worker threads the cpu-threads device may be asked for.
inline constexpr int kMaxThreads = 1024;

struct Settings {
  std::optional<std::uint64_t> seed;  // unset: a fresh nondeterministic seed per run
  bool cudnnBenchmark = false;
  bool cudnnDeterministic = false;
  DeterministicMode deterministic = DeterministicMode::Off;
  std::optional<WorkspaceConfig> cublasWorkspaceConfig;  // unset: the variable is not set
  bool fillUninitializedMemory = true;  // torch.utils.deterministic.fill_uninitialized_memory
  int threads = 0;                      // cpu-threads worker count; 0 means one per core
  CatalogSemantics semantics = CatalogSemantics::PyTorch;
  FormRequest form = FormRequest::Default;
  // The PyTorch release whose behaviour dispatch and the alerts follow. The CLI and the GUI
  // start from defaultPyTorchRelease() (PyTorchDetection.hpp).
  PyTorchRelease pytorch = newestCatalogRelease();

  bool operator==(const Settings& other) const;
};

}  // namespace detbench
