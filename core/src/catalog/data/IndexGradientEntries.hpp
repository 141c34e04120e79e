#pragma once
// The catalog's entries for the gradients of the indexed reads (gather, index_select,
// repeat_interleave): indexed sums that PyTorch's CUDA kernels add with atomics.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kGatherBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "gather's gradient is a scatter_add_ of the output gradient, which adds "
                         "with float atomics on CUDA; deterministic mode routes it through "
                         "index_put_ with accumulate=True (sort, then each run in index order)",
                 .docstring = doc::kGather},
      .source = "docstrings 2.8 to 2.15: torch.gather on a CUDA tensor that requires grad acts "
                "deterministically; aten/src/ATen/native/TensorAdvancedIndexing.cpp "
                "(_scatter_via_index_put), at a revision of the main branch"}}};
inline constexpr OpEntry kGatherBackwardEntry{
    .name = "gather_backward",
    .pytorchApi = "torch.gather(x, 0, index) backward, gradient of x (1-D)",
    .summary = "each output gradient added into the element of x its index read",
    .cpu = kCpuDeterministic,
    .cuda = kGatherBackwardCuda,
    .trace = {.aten = "gather_backward"},
    .pytorchCall =
        "    x = torch.zeros(P['rows'], device=DEVICE, requires_grad=True)\n"
        "    x.gather(0, io['index']).backward(io['grad_output'])\n"
        "    return x.grad\n"};

inline constexpr Releases<1> kIndexSelectBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "index_select's gradient is an index_add_ of the output gradient's rows, "
                         "which adds with float atomics on CUDA; deterministic mode routes it "
                         "through index_put_ with accumulate=True",
                 .docstring = doc::kIndexSelect},
      .source = "docstrings 2.8 to 2.15: torch.index_select when differentiating a CUDA tensor "
                "acts deterministically; aten/src/ATen/native/TensorAdvancedIndexing.cpp "
                "(index_add via index_put_), at a revision of the main branch"}}};
inline constexpr OpEntry kIndexSelectBackwardEntry{
    .name = "index_select_backward",
    .pytorchApi = "torch.index_select(x, 0, index) backward, gradient of x",
    .summary = "each output gradient row added into the row of x its index read",
    .cpu = kCpuDeterministic,
    .cuda = kIndexSelectBackwardCuda,
    .trace = {.aten = "index_select_backward"},
    .pytorchCall =
        "    x = torch.zeros(P['rows'], P['cols'], device=DEVICE, requires_grad=True)\n"
        "    x.index_select(0, io['index']).backward(io['grad_output'])\n"
        "    return x.grad\n"};

inline constexpr Releases<1> kRepeatInterleaveBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "repeat_interleave reads x through index_select, so its gradient is an "
                         "index_add_ of the copies' gradients, with float atomics on CUDA; "
                         "deterministic mode routes it through index_put_ with accumulate=True",
                 .docstring = doc::kRepeatInterleave},
      .source = "docstrings 2.8 to 2.15: torch.repeat_interleave when differentiating a CUDA "
                "tensor acts deterministically; aten/src/ATen/native/Repeat.cpp (repeat_interleave "
                "as index_select), at a revision of the main branch"}}};
inline constexpr OpEntry kRepeatInterleaveBackwardEntry{
    .name = "repeat_interleave_backward",
    .pytorchApi = "torch.repeat_interleave(x, repeats, dim=0) backward, gradient of x",
    .summary = "each row of x gets the sum of its copies' gradients",
    .cpu = kCpuDeterministic,
    .cuda = kRepeatInterleaveBackwardCuda,
    .trace = {.unseen = "autograd computes it with index_add_ or sum, which the trace names"},
    .pytorchCall =
        "    x = torch.zeros(P['rows'], P['cols'], device=DEVICE, requires_grad=True)\n"
        "    x.repeat_interleave(P['repeats'], dim=0).backward(io['grad_output'])\n"
        "    return x.grad\n"};

}  // namespace detbench::catalog
