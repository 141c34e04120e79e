#pragma once
// The catalog's entries for the embedding tables' gradients.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr DeviceTraits kEmbeddingBagSumMeanTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .atomicContrast = true,
    .note =
        "PyTorch's CUDA kernel sorts the indices (deterministic) for sum and mean; "
        "the atomic form is a contrast, not PyTorch's default"};
inline constexpr std::string_view kEmbeddingBagSumMeanSource =
    "docstring 2.8 to 2.15: only mode='max' raises (EmbeddingBag backward)";
inline constexpr Releases<2> kEmbeddingBagBackwardCuda{{
    {.since = Since{2, 8},
     .traits = kEmbeddingBagSumMeanTraits,
     .source = kEmbeddingBagSumMeanSource},
    {.since = Since{2, 15},
     .traits = kEmbeddingBagSumMeanTraits,
     .source = kEmbeddingBagSumMeanSource,
     .mps = doc::kMpsEmbeddingBag},
}};
inline constexpr OpEntry kEmbeddingBagBackwardEntry{
    .name = "embedding_bag_backward",
    .pytorchApi = "torch.nn.functional.embedding_bag(mode='sum'|'mean') backward",
    .summary = "gradient of the embedding table: each bag's gradient added to its rows",
    .cpu = kCpuDeterministic,
    .cuda = kEmbeddingBagBackwardCuda,
    .trace = {.aten = "_embedding_bag_backward,_embedding_bag_dense_backward",
              .when = TraceWhen::ArgumentIsNot,
              .argument = "mode",
              .value = "2"},
    .pytorchCall =
        "    indices = io['indices']\n"
        "    weight = torch.zeros(P['embeddings'], P['cols'], device=DEVICE, requires_grad=True)\n"
        "    offsets = torch.arange(0, indices.numel(), P['bag_size'], device=DEVICE)\n"
        "    mode = 'mean' if P['mode'] == 1 else 'sum'\n"
        "    F.embedding_bag(indices, weight, offsets, mode=mode).backward(io['grad_output'])\n"
        "    return weight.grad\n"};

inline constexpr DeviceTraits kEmbeddingBagMaxTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .pytorchCaller = "embedding_bag_backward_cuda_max",
    .note =
        "each bag's gradient goes to the rows that held its maxima, added with float "
        "atomics on CUDA (a row that is the maximum of several bags takes several terms); "
        "PyTorch has no deterministic form",
    .docstring = doc::kEmbeddingBagMax};
inline constexpr std::string_view kEmbeddingBagMaxSource =
    "docstrings 2.8 to 2.15: torch.nn.EmbeddingBag with mode='max' raises when differentiating a "
    "CUDA tensor; aten/src/ATen/native/cuda/EmbeddingBag.cu "
    "(alertNotDeterministic(\"embedding_bag_backward_cuda_max\")), at a revision of the main "
    "branch; the text is in libtorch_cuda.so of every wheel 2.8.0 to 2.15.0";
inline constexpr Releases<2> kEmbeddingBagMaxBackwardCuda{{
    {.since = Since{2, 8}, .traits = kEmbeddingBagMaxTraits, .source = kEmbeddingBagMaxSource},
    {.since = Since{2, 15},
     .traits = kEmbeddingBagMaxTraits,
     .source = kEmbeddingBagMaxSource,
     .mps = doc::kMpsEmbeddingBag},
}};
inline constexpr OpEntry kEmbeddingBagMaxBackwardEntry{
    .name = "embedding_bag_max_backward",
    .pytorchApi = "torch.nn.functional.embedding_bag(mode='max') backward",
    .summary =
        "gradient of the embedding table: each bag's gradient added, column by column, "
        "to the row that held the bag's maximum",
    .cpu = kCpuDeterministic,
    .cuda = kEmbeddingBagMaxBackwardCuda,
    .trace = {.aten = "_embedding_bag_backward,_embedding_bag_dense_backward",
              .when = TraceWhen::ArgumentIs,
              .argument = "mode",
              .value = "2"},
    .pytorchCall =
        "    indices = io['indices']\n"
        "    weight = io['weight'].clone().requires_grad_(True)\n"
        "    offsets = torch.arange(0, indices.numel(), P['bag_size'], device=DEVICE)\n"
        "    F.embedding_bag(indices, weight, offsets, mode='max').backward(io['grad_output'])\n"
        "    return weight.grad\n"};

// embedding_dense_backward on CUDA: sorted indices and segment sums, and from 2.11 a fused kernel
// that adds with atomics when few indices repeat many times, taken only outside deterministic
// mode.
inline constexpr DeviceTraits kEmbeddingAtomicTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .note =
        "when few distinct indices repeat many times, the CUDA backward adds each index's "
        "gradients with float atomics (a fused kernel, from 2.11); deterministic mode keeps "
        "the sort-based segment sums"};
inline constexpr std::string_view kEmbeddingAtomicKernel =
    "not in the docstrings 2.11 to 2.13, although the code varies: libtorch_cuda.so of the "
    "2.11.0 wheel is the first of the table to hold "
    "compute_grad_weight_atomic_accumulate (aten/src/ATen/native/cuda/EmbeddingBackwardKernel.cu; "
    "pytorch/pytorch pull request 170589: taken only when deterministic algorithms are off)";
inline constexpr Releases<4> kEmbeddingBackwardCuda{{
    {.since = Since{2, 8},
     .traits = {.nondeterministicByDefault = false,
                .source = NS::None,
                .errorMode = EM::Runs,
                .note = "PyTorch's CUDA backward sorts the indices and sums each index's "
                        "gradients in a fixed order (deterministic)"},
     .source = "not in the docstrings 2.8 to 2.10; libtorch_cuda.so of the 2.8.0 to 2.10.0 "
               "wheels holds no atomic kernel for it (compute_grad_weight_atomic_accumulate "
               "comes with 2.11)"},
    {.since = Since{2, 11},
     .traits = withDocstring(kEmbeddingAtomicTraits, {}, true),
     .source = kEmbeddingAtomicKernel},
    {.since = Since{2, 14},
     .traits = withDocstring(kEmbeddingAtomicTraits, doc::kEmbedding),
     .source = "docstring 2.14: torch.nn.Embedding when differentiating a CUDA tensor acts "
               "deterministically (2.11 to 2.13 did not list it); pytorch/pytorch pull request "
               "187682 (the docstring entry)"},
    {.since = Since{2, 15},
     .traits = withDocstring(kEmbeddingAtomicTraits, doc::kEmbedding),
     .source = "docstring 2.15: torch.nn.Embedding acts deterministically on CUDA, raises on MPS",
     .mps = doc::kMpsEmbedding},
}};
inline constexpr OpEntry kEmbeddingBackwardEntry{
    .name = "embedding_backward",
    .pytorchApi = "torch.nn.functional.embedding(indices, weight) backward",
    .summary = "gradient of the embedding table: each index's gradient row added to its row",
    .cpu = kCpuDeterministic,
    .cuda = kEmbeddingBackwardCuda,
    .trace = {.aten = "embedding_dense_backward"},
    .pytorchCall =
        "    weight = torch.zeros(P['embeddings'], P['cols'], device=DEVICE, requires_grad=True)\n"
        "    F.embedding(io['indices'], weight).backward(io['grad_output'])\n"
        "    return weight.grad\n"};

}  // namespace detbench::catalog
