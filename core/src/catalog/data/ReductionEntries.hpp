#pragma once
// The catalog's entries for the reductions along rows and whole tensors, and the scan.

#include "catalog/CatalogEntry.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kSumCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "PyTorch reduces in a fixed tree (deterministic); the atomic-partials "
                         "form is a contrast, not PyTorch's default"},
      .source = kNotListed}}};
inline constexpr Releases<1> kRmsNormCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "PyTorch reduces each row deterministically, but how it splits a row "
                         "depends on the shape: the bits repeat run to run, not across batch "
                         "sizes. The atomic-partials form is a contrast, not PyTorch's default"},
      .source = "Thinking Machines, Defeating Nondeterminism in LLM Inference (2025): "
                "reductions split per shape; batch_invariant_ops replaces rms_norm"}}};
inline constexpr Releases<1> kSoftmaxCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "PyTorch's softmax kernels are deterministic run to run; which one runs "
                         "(and how a row is split) depends on the shape, so the bits of a row "
                         "may change with the batch. The atomic-partials form is a contrast, not "
                         "PyTorch's default"},
      .source = "Thinking Machines, Defeating Nondeterminism in LLM Inference (2025): "
                "batch_invariant_ops replaces softmax and log_softmax"}}};
inline constexpr Releases<1> kDecodeAttentionCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "split-KV decoding kernels (FlashAttention's, FlashInfer's) merge their "
                         "splits in a fixed order: the bits repeat run to run, but the number of "
                         "splits follows the batch size. The atomic form is a contrast"},
      .source = "Thinking Machines, Defeating Nondeterminism in LLM Inference (2025): split-KV "
                "attention and a fixed split size"}}};
// cumsum's traits: the same in every release; the notes say what the docs said.
inline constexpr DeviceTraits kCumsumTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .note =
        "the single-pass scan takes each tile's prefix from whichever predecessors have "
        "published theirs (decoupled look-back), so the additions can associate differently "
        "run to run. ATen has not alerted for cumsum since 2.6, although the docstring of "
        "this release still lists torch.cumsum on CUDA as raising; detbench follows the code "
        "and runs its ordered scan in deterministic mode"};
inline constexpr Releases<2> kCumsumCuda{{
    {.since = Since{2, 8},
     .traits = kCumsumTraits,
     .source = "aten/src/ATen/native/cuda/ScanKernels.cpp (no alertNotDeterministic, v2.8.0 to "
               "v2.13.0); docstring 2.8 to 2.13 still lists torch.cumsum() as raising"},
    {.since = Since{2, 14},
     .traits = withNote(kCumsumTraits,
                        "the single-pass scan takes each tile's prefix from whichever "
                        "predecessors have published theirs (decoupled look-back), so the "
                        "additions can associate differently run to run; the docstring now lists "
                        "cumsum among the ops that act deterministically"),
     .source = "docstring 2.14: torch.cumsum() on CUDA acts deterministically; "
               "aten/src/ATen/native/cuda/ScanKernels.cpp (no alert)"},
}};
inline constexpr OpEntry kSumEntry{.name = "sum",
                                   .pytorchApi = "torch.sum(input)",
                                   .summary = "sum of all elements to a scalar",
                                   .cpu = kCpuDeterministic,
                                   .cuda = kSumCuda};
inline constexpr OpEntry kRmsNormEntry{
    .name = "rms_norm",
    .pytorchApi = "torch.nn.functional.rms_norm(x, [cols], weight)",
    .summary =
        "each row scaled by the inverse root mean square of its elements, times "
        "a weight per column",
    .cpu = kCpuDeterministic,
    .cuda = kRmsNormCuda,
    .batchInvariance =
        "run to run only: the default splits each row over threads (cpu-threads) or "
        "blocks (cuda) when the batch cannot fill them; batch_invariant=1 promises batch "
        "invariance (one order per row), and on cpu-threads thread-count invariance and "
        "the cpu device's bits"};
inline constexpr OpEntry kSoftmaxEntry{
    .name = "softmax",
    .pytorchApi = "torch.softmax(x, dim=1), torch.log_softmax(x, dim=1) with log=1",
    .summary =
        "each row's exponentials over their sum (or its logarithm): the "
        "probabilities of a row of logits",
    .cpu = kCpuDeterministic,
    .cuda = kSoftmaxCuda,
    .batchInvariance =
        "run to run only: the default splits each row's sum over threads (cpu-threads) "
        "or blocks (cuda) when the batch cannot fill them; batch_invariant=1 promises "
        "batch invariance (one order per row), and on cpu-threads thread-count "
        "invariance and the cpu device's bits"};
inline constexpr OpEntry kDecodeAttentionEntry{
    .name = "decode_attention",
    .pytorchApi =
        "torch.nn.functional.scaled_dot_product_attention(q, k, v) with one "
        "query per sequence (a decoding step over a KV cache)",
    .summary =
        "each sequence's query attends to its cached keys and values, head by "
        "head",
    .cpu = kCpuDeterministic,
    .cuda = kDecodeAttentionCuda,
    .batchInvariance =
        "run to run only: the default splits the KV cache into as many parts as fill "
        "the threads (cpu-threads) or the device (cuda), a count that depends on the "
        "batch; batch_invariant=1 splits by a fixed size (256 keys) and promises batch "
        "invariance, and on cpu-threads thread-count invariance"};
inline constexpr OpEntry kCumsumEntry{.name = "cumsum",
                                      .pytorchApi = "torch.cumsum(input, 0)",
                                      .summary = "running sum of a float vector",
                                      .cpu = kCpuDeterministic,
                                      .cuda = kCumsumCuda};

}  // namespace detbench::catalog
