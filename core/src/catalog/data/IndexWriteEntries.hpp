#pragma once
// The catalog's entries for the indexed writes without accumulation (index_put_, put_,
// index_copy_, scatter_ with a tensor source): with duplicate indices, which write stays
// depends on the order the writes land.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

// The facts read in PyTorch's code for these ops.
inline constexpr std::string_view kIndexPutCode =
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp _index_put_impl_ (deterministic mode on "
    "CUDA: index_put_with_sort_stub) and aten/src/ATen/native/cpu/IndexKernel.cpp "
    "index_put_kernel (without accumulate: parallel writes, serial when deterministic), at a "
    "revision of the main branch";

inline constexpr Releases<1> kIndexPutCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::RacingWrites,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "with duplicate indices, threads write the same element and the last "
                         "write stays; deterministic mode sorts the indices (stably) and writes "
                         "each element's values in index order, so the last index wins",
                 .docstring = doc::kIndexPut},
      .source = kIndexPutCode}}};
inline constexpr OpEntry kIndexPutEntry{
    .name = "index_put",
    .pytorchApi = "torch.Tensor.index_put_((indices,), values)",
    .summary = "self[indices[i], :] = values[i, :]: with duplicate indices, one write stays",
    .cpu = {.nondeterministicByDefault = true,
            .source = NS::RacingWrites,
            .errorMode = EM::SwitchesToDeterministic,
            .note = "PyTorch's CPU kernel writes in parallel, so with duplicate indices the "
                    "value that stays depends on the threads; deterministic mode writes "
                    "serially in index order (the cpu device's order)",
            .docstring = doc::kIndexPut},
    .cuda = kIndexPutCuda,
    .cpuSource = kIndexPutCode,
    .trace = {.aten = "index_put_,index_put,_index_put_impl_",
              .when = TraceWhen::ArgumentNotTrue,
              .argument = "accumulate"},
    .pytorchCall = "    return io['self'].clone().index_put_((io['index'],), io['values'])\n"};

inline constexpr std::string_view kPutCode =
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp put_ (alertNotDeterministic(\"put_\") "
    "without accumulate, on every device), at a revision of the main branch; libtorch_cpu of "
    "PyTorch 2.11.0 and PyTorch 1.13 raise \"put_\" on CPU tensors in deterministic mode";
inline constexpr Releases<1> kPutCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::RacingWrites,
                 .errorMode = EM::Raises,
                 .pytorchCaller = "put_",
                 .note = "with duplicate indices, threads write the same element and the last "
                         "write stays; PyTorch has no deterministic form and raises on every "
                         "device",
                 .docstring = doc::kPut},
      .source = kPutCode}}};
inline constexpr OpEntry kPutEntry{
    .name = "put",
    .pytorchApi = "torch.Tensor.put_(index, source)",
    .summary =
        "each source value written into the element of the flattened self that its index "
        "names; with duplicate indices, one write stays",
    .cpu = {.nondeterministicByDefault = true,
            .source = NS::RacingWrites,
            .errorMode = EM::Raises,
            .pytorchCaller = "put_",
            .note = "PyTorch's CPU kernel writes in parallel, and deterministic mode raises on "
                    "the CPU too; the cpu device writes in index order",
            .docstring = doc::kPut},
    .cuda = kPutCuda,
    .cpuSource = kPutCode,
    .trace = {.aten = "put_,put", .when = TraceWhen::ArgumentNotTrue, .argument = "accumulate"},
    .pytorchCall = "    return io['self'].clone().put_(io['index'], io['source'])\n"};

inline constexpr std::string_view kIndexCopyCode =
    "docstrings 2.8 to 2.15 (index_copy acts deterministically on CPU and CUDA tensors); "
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp index_copy_out (on CUDA in deterministic "
    "mode: index_put_ without accumulate), at a revision of the main branch; libtorch_cpu of "
    "PyTorch 2.11.0 and PyTorch 1.13 run it on CPU tensors in deterministic mode without an "
    "alert";
inline constexpr Releases<1> kIndexCopyCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::RacingWrites,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "with duplicate indices, threads copy rows into the same row and the "
                         "last copy stays; deterministic mode sends it through index_put_ "
                         "without accumulate (sorted: the last index wins)",
                 .docstring = doc::kIndexCopy},
      .source = kIndexCopyCode}}};
inline constexpr OpEntry kIndexCopyEntry{
    .name = "index_copy",
    .pytorchApi = "torch.Tensor.index_copy_(0, index, source)",
    .summary = "self[index[i], :] = source[i, :]: with duplicate indices, one copy stays",
    .cpu = {.nondeterministicByDefault = true,
            .source = NS::RacingWrites,
            .errorMode = EM::SwitchesToDeterministic,
            .note = "PyTorch's CPU kernel copies in parallel; the docstring lists index_copy on "
                    "CPU tensors among the ops that act deterministically, and PyTorch raises "
                    "nothing for it there",
            .docstring = doc::kIndexCopy},
    .cuda = kIndexCopyCuda,
    .cpuSource = kIndexCopyCode,
    .trace = {.aten = "index_copy_,index_copy"},
    .pytorchCall = "    return io['self'].clone().index_copy_(0, io['index'], io['source'])\n"};

inline constexpr Releases<1> kScatterCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::RacingWrites,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "with duplicate indices, threads write the same element and the last "
                         "write stays; deterministic mode sends scatter_ through index_put_ "
                         "without accumulate (sorted: the last index wins)",
                 .docstring = doc::kScatter},
      .source = "docstrings 2.8 to 2.15: torch.Tensor.scatter with a tensor src on CUDA acts "
                "deterministically; aten/src/ATen/native/TensorAdvancedIndexing.cpp scatter_impl "
                "(_scatter_via_index_put), at a revision of the main branch"}}};
inline constexpr OpEntry kScatterEntry{
    .name = "scatter",
    .pytorchApi = "torch.Tensor.scatter_(0, index, src)",
    .summary =
        "out[index[i]] = src[i] over a 1-D tensor: "
        "with duplicate indices, one write stays",
    .cpu = kCpuDeterministic,
    .cuda = kScatterCuda,
    .trace = {.aten = "scatter_,scatter", .when = TraceWhen::ArgumentAbsent, .argument = "reduce"},
    .pytorchCall = "    return io['self'].clone().scatter_(0, io['index'], io['source'])\n"};

}  // namespace detbench::catalog
