#pragma once
// The catalog's entries for the reductions along rows and whole tensors, and the scan.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

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
        "and runs its ordered scan in deterministic mode",
    .docstring = doc::kCumsum,
    .docstringDiffers = true};
inline constexpr Releases<2> kCumsumCuda{{
    {.since = Since{2, 8},
     .traits = kCumsumTraits,
     .source = "aten/src/ATen/native/cuda/ScanKernels.cpp (no alertNotDeterministic, v2.8.0 to "
               "v2.13.0); docstring 2.8 to 2.13 still lists torch.cumsum() as raising"},
    {.since = Since{2, 14},
     .traits = withDocstring(
         withNote(kCumsumTraits,
                  "the single-pass scan takes each tile's prefix from whichever "
                  "predecessors have published theirs (decoupled look-back), so the "
                  "additions can associate differently run to run; the docstring now lists "
                  "cumsum among the ops that act deterministically"),
         doc::kCumsum),
     .source = "docstrings 2.14 and 2.15: torch.cumsum() on CUDA acts deterministically; "
               "aten/src/ATen/native/cuda/ScanKernels.cpp (no alert)"},
}};
inline constexpr OpEntry kSumEntry{.name = "sum",
                                   .pytorchApi = "torch.sum(input)",
                                   .summary = "sum of all elements to a scalar",
                                   .cpu = kCpuDeterministic,
                                   .cuda = kSumCuda,
                                   .trace = {.aten = "sum", .shape = TraceShape::InputSize},
                                   .pytorchCall = "    return torch.sum(io['input']).reshape(1)\n"};
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
        "the cpu device's bits",
    .trace = {.aten = "rms_norm,_fused_rms_norm"},
    .pytorchCall =
        "    x, w = io['x'], io['weight']\n"
        "    if hasattr(F, 'rms_norm'):  # PyTorch 2.4 on\n"
        "        return F.rms_norm(x, [x.shape[1]], w)\n"
        "    eps = torch.finfo(x.dtype).eps\n"
        "    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w\n"};
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
        "invariance and the cpu device's bits",
    .trace = {.aten = "_softmax,_log_softmax,softmax,log_softmax"},
    .pytorchCall =
        "    f = torch.log_softmax if P['log'] else torch.softmax\n"
        "    return f(io['x'], dim=1)\n"};
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
        "invariance, and on cpu-threads thread-count invariance",
    .trace = {.unseen = "detbench's own composite of matmul and softmax: the trace names the ATen "
                        "ops it is made of"},
    .pytorchCall =
        "    q = io['q'].unsqueeze(2)  # [batch, heads, 1, head_dim]\n"
        "    if hasattr(F, 'scaled_dot_product_attention'):  # PyTorch 2.0 on\n"
        "        return F.scaled_dot_product_attention(q, io['k'], io['v']).squeeze(2)\n"
        "    w = torch.softmax(q @ io['k'].transpose(-1, -2) / q.shape[-1] ** 0.5, dim=-1)\n"
        "    return (w @ io['v']).squeeze(2)\n"};
inline constexpr OpEntry kCumsumEntry{
    .name = "cumsum",
    .pytorchApi = "torch.cumsum(input, 0)",
    .summary = "running sum of a float vector",
    .cpu = kCpuDeterministic,
    .cuda = kCumsumCuda,
    .trace = {.aten = "cumsum,cumsum_", .shape = TraceShape::InputSize},
    .pytorchCall = "    return torch.cumsum(io['input'], 0)\n"};

// kthvalue and median with indices: among equal values, which index a CUDA thread writes last.
inline constexpr DeviceTraits kKthvalueRaises{
    .nondeterministicByDefault = true,
    .source = NS::RacingWrites,
    .errorMode = EM::Raises,
    .pytorchCaller = "kthvalue CUDA",
    .note =
        "when the k-th value occurs more than once, the CUDA kernel's threads race to "
        "write its index, so the index varies; PyTorch has no deterministic form",
    .docstring = doc::kKthvalue};
inline constexpr DeviceTraits kKthvalueDeterministic{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .note =
        "the CUDA kernel takes the smallest index among the threads that found the k-th "
        "value (an atomic minimum): deterministic, though not always the index PyTorch's "
        "CPU kernel returns"};
inline constexpr std::string_view kKthvalueDeterministicSource =
    "docstring 2.10 drops kthvalue from the raising ops; libtorch_cuda.so of the 2.10.0 wheel no "
    "longer holds the alert text \"kthvalue CUDA\" (2.8.0 and 2.9.0 do); pytorch/pytorch pull "
    "request 165762 (gatherKthValue takes the smallest index with atomicMin; the alert removed)";
inline constexpr Releases<3> kKthvalueCuda{{
    {.since = Since{2, 8},
     .traits = kKthvalueRaises,
     .source = "docstrings 2.8 and 2.9: torch.kthvalue on a CUDA tensor raises; the alert text "
               "\"kthvalue CUDA\" is in libtorch_cuda.so of the 2.8.0 and 2.9.0 wheels"},
    {.since = Since{2, 10},
     .traits = kKthvalueDeterministic,
     .source = kKthvalueDeterministicSource},
    {.since = Since{2, 15},
     .traits = kKthvalueDeterministic,
     .source = kKthvalueDeterministicSource,
     .mps = doc::kMpsKthvalue},
}};
inline constexpr OpEntry kKthvalueEntry{
    .name = "kthvalue",
    .pytorchApi = "torch.kthvalue(input, k, dim=1).indices",
    .summary = "the position of each row's k-th smallest value, among values that repeat",
    .cpu = kCpuDeterministic,
    .cuda = kKthvalueCuda,
    .trace = {.aten = "kthvalue"},
    .pytorchCall = "    return torch.kthvalue(io['input'], P['k'], dim=1).indices\n"};
inline constexpr Releases<1> kMedianCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::RacingWrites,
                 .errorMode = EM::Raises,
                 .pytorchCaller = "median CUDA with indices output",
                 .note = "when the median occurs more than once, which of its indices the CUDA "
                         "kernel returns depends on the threads; PyTorch has no deterministic "
                         "form",
                 .docstring = doc::kMedian},
      .source = "docstrings 2.8 to 2.15: torch.median with indices output on a CUDA tensor "
                "raises; the alert text \"median CUDA with indices output\" is in "
                "libtorch_cuda.so of every wheel 2.8.0 to 2.15.0"}}};
inline constexpr OpEntry kMedianEntry{
    .name = "median",
    .pytorchApi = "torch.median(input, dim=1).indices",
    .summary = "the position of each row's lower median, among values that repeat",
    .cpu = kCpuDeterministic,
    .cuda = kMedianCuda,
    .trace = {.aten = "median", .when = TraceWhen::ArgumentPresent, .argument = "dim"},
    .pytorchCall = "    return torch.median(io['input'], dim=1).indices\n"};

}  // namespace detbench::catalog
