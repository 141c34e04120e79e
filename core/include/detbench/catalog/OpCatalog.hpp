#pragma once
// The op catalog: for each op and device, whether the default implementation is
// nondeterministic and why, whether a deterministic alternative exists, and what
// deterministic mode does, release by release of PyTorch (catalogReleases()). It is data, one
// entry per op in core/src/catalog/data/ (by op family), with the source of each fact: the
// docstring of torch.use_deterministic_algorithms of the release, or the ATen or Python file at
// its tag. The logic that reads it is core/src/catalog/OpCatalog.cpp.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench {

enum class NondeterminismSource {
  None,                 // the default implementation is deterministic
  FloatAtomics,         // float atomic adds whose order depends on scheduling
  IntegerAtomics,       // integer atomics: the order varies but the result is exact
  OrderFreeAtomics,     // float atomics whose result does not depend on the order (max)
  RacingWrites,         // several writes to one element (duplicate indices): the last one stays
  UninitializedMemory,  // new elements hold whatever the memory held
  AlgorithmChoice,      // the library picks an algorithm that may be nondeterministic
  Autotuning,           // benchmarking picks the algorithm by timing
  Rng,                  // random numbers
};

enum class ErrorModeBehavior {
  Runs,                     // nothing changes (deterministic already, or not checked by PyTorch)
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
  bool detbenchExtension = false;
  // An atomic form is offered as a contrast although PyTorch's default is deterministic.
  bool atomicContrast = false;
  std::string_view pytorchCaller = {};  // the name in PyTorch's alert, where it has one
  std::string_view note = {};
  // The entries of torch.use_deterministic_algorithms's docstring these traits follow, one a
  // line, as tests/core/catalog/docstrings/ holds them (empty: the docstring does not name the
  // op for this device).
  std::string_view docstring = {};
  // PyTorch's code does otherwise than the docstring says (or the docstring says nothing): the
  // traits follow the code, and the source names both.
  bool docstringDiffers = false;
};

// The CUDA traits of an op from one release on, until the next entry's release.
struct CudaReleaseTraits {
  PyTorchRelease since;
  DeviceTraits traits;
  // Deterministic mode checks CUBLAS_WORKSPACE_CONFIG before the op runs (PyTorch up to 2.9).
  bool cublasWorkspaceCheck = false;
  std::string_view source;  // where these facts were read
  // The docstring's entries about the op on MPS, a device detbench does not have (one a line).
  std::string_view mps = {};
};

// An op's traits for one release (opCatalog(release)).
struct OpTraits {
  std::string_view name;        // detbench's name, as on the command line and in reports
  std::string_view pytorchApi;  // the PyTorch call it mirrors
  std::string_view summary;
  DeviceTraits cpu;
  DeviceTraits cuda;
  std::string_view cpuSource;  // where the cpu traits were read
  // Runs through cuBLAS on cuda.
  bool cublas = false;
  // In deterministic mode PyTorch checks CUBLAS_WORKSPACE_CONFIG first (this release).
  // cpu-threads, which follows the CUDA traits, checks it too.
  bool cublasWorkspaceCheck = false;
  // Runs through cuDNN on cuda: cudnn.deterministic alone keeps only deterministic algorithms,
  // and cudnn.benchmark chooses by timing.
  bool cudnn = false;
  // Ops with a batch dimension: the guarantee each form promises across batch sizes (what
  // `detbench invariance --batches` measures), in words; empty for the others.
  std::string_view batchInvariance = {};
  PyTorchRelease release;       // the release these traits are for
  PyTorchRelease cudaSince;     // the first release with these cuda traits
  std::string_view cudaSource;  // where the cuda traits were read
  std::string_view mps;         // CudaReleaseTraits::mps of this release

  const DeviceTraits& traits(TraitsClass cls) const { return cls == TraitsClass::Cpu ? cpu : cuda; }
};

// The catalog for a release the catalog holds (InvalidArgument otherwise). Without a release:
// the newest, for what does not depend on it (names, APIs, summaries, the cpu traits).
std::span<const OpTraits> opCatalog(PyTorchRelease release = newestCatalogRelease());
const OpTraits* findOpTraits(std::string_view name,
                             PyTorchRelease release = newestCatalogRelease());

// The cuda traits a release can change, in the order changes list them.
enum class TraitsField {
  DeterministicMode,
  NondeterministicByDefault,
  AlertCaller,
  CublasWorkspaceCheck,
  DetbenchExtension,
  Docstring,  // the docstring's entry for the op on CUDA
  Mps,        // the docstring's entry for the op on MPS
  Note,
};

// What changed for an op between two releases: its traits in `from` and in `to`, where
// `to`'s cuda traits began after `from` (a new entry in the table).
struct CatalogChange {
  const OpTraits* before;
  const OpTraits* after;
  // The releases in (from, to] where the entry changed, oldest first, and the source of the
  // entry that each began.
  std::vector<PyTorchRelease> changedIn;
  std::vector<std::string_view> sources;
  // The traits that differ between `before` and `after`.
  std::vector<TraitsField> fields;
  // The same in English, a sentence each ("deterministic mode: raises (warn mode: warns) ->
  // switches to deterministic"; for the docstring, the MPS entry and the note, the new text).
  std::vector<std::string> differences;
};
std::vector<CatalogChange> catalogChanges(PyTorchRelease from, PyTorchRelease to);

// False for ops judged only by whether they repeat (random numbers): no float64 reference.
bool hasFloat64Reference(std::string_view op);

std::string_view toString(NondeterminismSource source);
std::string_view toString(ErrorModeBehavior behavior);
// What deterministic mode does, in words: "runs as is", "switches to deterministic", "raises
// (warn mode: warns)".
std::string_view describe(ErrorModeBehavior behavior);

}  // namespace detbench
