#pragma once
// How the catalog's data is written (core/src/catalog/data/, one file per op family): an op's
// entry holds what does not change with the release (its names, its summary, PyTorch's CPU
// traits) and its CUDA traits release by release. What an entry leaves out takes the defaults of
// DeviceTraits and CudaReleaseTraits (OpCatalog.hpp): no detbench extension, no atomic contrast,
// no alert caller, no cuBLAS workspace check.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "detbench/catalog/OpCatalog.hpp"

namespace detbench::catalog {

using NS = NondeterminismSource;
using EM = ErrorModeBehavior;
using Since = PyTorchRelease;

// An op's CUDA traits, one entry per release that changed them (each holds until the next).
template <std::size_t N>
using Releases = std::array<CudaReleaseTraits, N>;

// PyTorch's CPU kernels of most ops add in a fixed order: deterministic.
inline constexpr std::string_view kCpuFixedOrder =
    "not in the docstrings' CPU lists, 2.8 to 2.15; the cpu device's sequential order is checked "
    "against PyTorch 1.13's CPU results (tests/peer/test_pytorch_cpu.py)";
inline constexpr DeviceTraits kCpuDeterministic{
    .nondeterministicByDefault = false, .source = NS::None, .errorMode = EM::Runs};

// Where the facts come from. "The docstring" is torch.use_deterministic_algorithms's in
// torch/__init__.py of each release's wheel (torch-X.Y.0 on PyPI); torch/nn/functional.py is read
// in the same wheels. ATen's sources are not in a wheel: an entry that cites one says which
// revision was read.
inline constexpr std::string_view kNotListed =
    "not in the docstring's lists, 2.8 to 2.15: deterministic by default";

// The same traits with another note (a release that changed only what its docs say).
constexpr DeviceTraits withNote(DeviceTraits traits, std::string_view note) {
  traits.note = note;
  return traits;
}

// The same traits quoting other docstring entries (and whether the code differs from them).
constexpr DeviceTraits withDocstring(DeviceTraits traits, std::string_view entries,
                                     bool differs = false) {
  traits.docstring = entries;
  traits.docstringDiffers = differs;
  return traits;
}

// How a trace sees an op (core/src/trace/AtenRoutes.cpp reads it): the ATen ops it appears as,
// the argument that chooses it among the ops of one ATen name, and the `detbench run`
// parameters its traced shapes give.
enum class TraceWhen : std::uint8_t {
  Always,
  ArgumentTrue,     // `argument` is true
  ArgumentNotTrue,  // `argument` is false or not given
  ArgumentAbsent,   // `argument` is not given (scatter without reduce)
  ArgumentPresent,  // `argument` is given (median over a dim)
  ArgumentIs,       // `argument` is `value` (JSON text: "\"sum\"", "2")
  ArgumentIsNot,
  WithoutWeights,  // one tensor input (bincount)
  WithWeights,     // two or more
  QuantizedInput,  // the first input is a quantized tensor
};

enum class TraceShape : std::uint8_t {
  None,        // no parameters read off the shapes
  InputSize,   // size: the first input's elements
  OutputSize,  // size: the first output's elements (the values a random op draws)
  IndexPut,    // size, cols, rows of index_put_ on dim 0
  Put,         // size, rows, cols of put_
  IndexAdd,    // size, cols, rows of index_add_ on dim 0
  ScatterAdd,  // size, ndim, dim, out_size (and cols) of scatter_add_
  Count,       // size and bins of the counting ops
  Matmul,      // size, k, n of mm and addmm
};

struct TraceRoute {
  std::string_view aten = {};  // ATen base names, comma-separated; empty: `unseen` says why
  TraceWhen when = TraceWhen::Always;
  std::string_view argument = {};
  std::string_view value = {};
  TraceShape shape = TraceShape::None;
  std::string_view unseen = {};  // why a trace does not see the op under a name of its own
};

// PyTorch's CPU traits hold for every release of the table (the docstrings 2.8 to 2.15 name the
// same CPU entries); where an entry gives no cpuSource, the cpu traits are those of
// kCpuDeterministic, from kCpuFixedOrder.
struct OpEntry {
  std::string_view name;
  std::string_view pytorchApi;
  std::string_view summary;
  DeviceTraits cpu;
  std::span<const CudaReleaseTraits> cuda;
  std::string_view cpuSource = kCpuFixedOrder;
  bool cublas = false;
  bool cudnn = false;
  std::string_view batchInvariance = {};
  // How a trace sees it: every entry has a route with ATen names, or says why it has none.
  TraceRoute trace = {};
  // The body of its PyTorch call (core/src/export/PyTorchCalls.cpp: `export-pytorch`), taking
  // the inputs from `io` and the parameters from `P` (a backward op takes a zero `self` of the
  // input's shape: its values do not enter the gradient); or why it has none.
  std::string_view pytorchCall = {};
  std::string_view noPytorchCall = {};
};

// The entries in the order of the op list (core/src/catalog/CatalogTable.cpp).
std::span<const OpEntry> catalogEntries();

}  // namespace detbench::catalog
