#pragma once
// The catalog's entries for what deterministic mode does to uninitialized memory: resize_ of a
// quantized tensor, which it cannot fill and so refuses. A catalog entry only: no detbench
// device runs it (its new elements hold whatever the memory held).

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr DeviceTraits kResizeQuantizedTraits{
    .nondeterministicByDefault = true,
    .source = NS::UninitializedMemory,
    .errorMode = EM::Raises,
    .pytorchCaller = "quantized_resize_cpu_",
    .note =
        "growing a quantized tensor leaves its new elements uninitialized, and deterministic "
        "mode, which fills new memory for other tensors, refuses instead. A catalog entry "
        "only: no detbench device runs it",
    .docstring = doc::kResizeQuantized};
inline constexpr std::string_view kResizeQuantizedSource =
    "docstrings 2.8 to 2.15 (resize_ on a quantized tensor raises, on any device); "
    "libtorch_cpu of PyTorch 2.11.0 raises \"quantized_resize_cpu_\" in deterministic mode "
    "(PyTorch 1.13 does not); libtorch_cuda.so of the wheels 2.8.0 to 2.15.0 holds no quantized "
    "resize of its own, so the CUDA entry repeats the CPU alert";
inline constexpr Releases<1> kResizeQuantizedCuda{
    {{.since = Since{2, 8}, .traits = kResizeQuantizedTraits, .source = kResizeQuantizedSource}}};
inline constexpr OpEntry kResizeQuantizedEntry{
    .name = "resize_quantized",
    .pytorchApi = "torch.quantize_per_tensor(x, scale, 0, torch.quint8).resize_(larger)",
    .summary = "a quantized tensor grown by resize_: its new elements are uninitialized memory",
    .cpu = kResizeQuantizedTraits,
    .cuda = kResizeQuantizedCuda,
    .cpuSource = kResizeQuantizedSource,
    .trace = {.aten = "resize_", .when = TraceWhen::QuantizedInput},
    .noPytorchCall = "a catalog entry without a definition"};

}  // namespace detbench::catalog
