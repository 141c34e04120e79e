#pragma once
// The op catalog: for each op and device, whether the default implementation is
// nondeterministic and why, whether a deterministic alternative exists, and what
// deterministic mode does. It is data (one table, OpCatalog.cpp) that follows the PyTorch
// documentation of torch.use_deterministic_algorithms for the release in kCatalogRelease.

#include <optional>
#include <span>
#include <string_view>

namespace detbench {

inline constexpr std::string_view kCatalogRelease = "2.8";

enum class NondeterminismSource {
  None,             // the default implementation is deterministic
  FloatAtomics,     // float atomic adds whose order depends on scheduling
  IntegerAtomics,   // integer atomics: the order varies but the result is exact
  AlgorithmChoice,  // the library picks an algorithm that may be nondeterministic
  Autotuning,       // benchmarking picks the algorithm by timing
  Rng,              // random numbers
};

enum class ErrorModeBehavior {
  Runs,                     // deterministic already: nothing changes
  SwitchesToDeterministic,  // PyTorch switches to its deterministic alternative
  Raises,                   // no deterministic alternative: raises in error mode, warns in warn
};

// Whose traits a device follows: `cpu` follows PyTorch's CPU kernels; `cpu-threads` and `cuda`
// follow PyTorch's CUDA kernels.
enum class TraitsClass { Cpu, Cuda };

struct DeviceTraits {
  bool nondeterministicByDefault;
  NondeterminismSource source;
  ErrorModeBehavior errorMode;
  // detbench offers a deterministic kernel that PyTorch lacks (used with "extensions").
  bool detbenchExtension;
  // An atomic form is offered as a contrast although PyTorch's default is deterministic.
  bool atomicContrast;
  std::string_view pytorchCaller;  // the name in PyTorch's alert, where it has one
  std::string_view note;
};

struct OpTraits {
  std::string_view name;        // detbench's name, as on the command line and in reports
  std::string_view pytorchApi;  // the PyTorch call it mirrors
  std::string_view summary;
  DeviceTraits cpu;
  DeviceTraits cuda;
  // Runs through cuBLAS on cuda: in deterministic mode PyTorch (up to 2.8) checks
  // CUBLAS_WORKSPACE_CONFIG first. cpu-threads, which follows the CUDA traits, checks it too.
  bool cublas = false;
  // Runs through cuDNN on cuda: cudnn.deterministic alone keeps only deterministic algorithms,
  // and cudnn.benchmark chooses by timing.
  bool cudnn = false;

  const DeviceTraits& traits(TraitsClass cls) const { return cls == TraitsClass::Cpu ? cpu : cuda; }
};

std::span<const OpTraits> opCatalog();
const OpTraits* findOpTraits(std::string_view name);

// False for ops judged only by whether they repeat (random numbers): no float64 reference.
bool hasFloat64Reference(std::string_view op);

std::string_view toString(NondeterminismSource source);
std::string_view toString(ErrorModeBehavior behavior);

}  // namespace detbench
