#pragma once
// The catalog's entries for the losses.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kCtcLossBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "ctc_loss_backward_gpu",
                 .note = "the CUDA backward adds each extended position's term to its class's "
                         "gradient with atomicAdd (the blank at every other position, repeated "
                         "labels): PyTorch raises in deterministic mode. detbench's extension "
                         "gathers each class's positions in order, as the CPU kernel does",
                 .docstring = doc::kCtcLoss},
      .source = "docstring 2.8 to 2.15: torch.nn.CTCLoss when attempting to differentiate a CUDA "
                "tensor raises; aten/src/ATen/native/cuda/LossCTC.cu "
                "(alertNotDeterministic(\"ctc_loss_backward_gpu\"))"}}};
inline constexpr Releases<1> kNllLoss2dForwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "nll_loss2d_forward_out_cuda_template",
                 .note = "with reduction 'mean' or 'sum', each thread block adds its partial "
                         "loss and weight into the result with atomicAdd (reduction 'none' is "
                         "deterministic); PyTorch has no deterministic form. detbench's "
                         "extension cuts PyTorch's CPU cascade sum into blocks summed in "
                         "parallel and replays the levels above them in order",
                 .docstring = doc::kNllLoss},
      .source = "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.15 "
                "(torch.nn.NLLLoss raises when called on a CUDA tensor); "
                "aten/src/ATen/native/cuda/NLLLoss2d.cu (alert "
                "nll_loss2d_forward_out_cuda_template for reductions other than 'none'); "
                "aten/src/ATen/native/LossNLL2d.cpp (the CPU cascade sum)"}}};
inline constexpr OpEntry kNllLoss2dForwardEntry{
    .name = "nll_loss2d_forward",
    .pytorchApi =
        "torch.nn.functional.nll_loss on [N, C, H, W] scores, reduction "
        "'mean' or 'sum'",
    .summary =
        "the negative log-likelihood of every pixel's target class, weighted, "
        "summed to one loss",
    .cpu = kCpuDeterministic,
    .cuda = kNllLoss2dForwardCuda,
    .trace = {.aten = "nll_loss2d_forward"},
    .pytorchCall =
        "    weight = io['weight'] if P['weighted'] else None\n"
        "    reduction = 'sum' if P['reduction'] else 'mean'\n"
        "    return F.nll_loss(io['input'], io['target'], weight=weight,\n"
        "                      reduction=reduction).reshape(1)\n"};
inline constexpr OpEntry kCtcLossBackwardEntry{
    .name = "ctc_loss_backward",
    .pytorchApi =
        "torch.nn.functional.ctc_loss(log_probs, targets, input_lengths, "
        "target_lengths, reduction='sum') backward",
    .summary =
        "gradient of the CTC loss with respect to the log-probabilities: each "
        "class's share of every alignment of the target, step by step",
    .cpu = kCpuDeterministic,
    .cuda = kCtcLossBackwardCuda,
    .trace = {.aten = "_ctc_loss_backward"},
    .pytorchCall =
        "    lp = io['log_probs'].detach().clone().requires_grad_(True)\n"
        "    targets = io['targets']\n"
        "    T, N, _ = lp.shape\n"
        "    lengths = torch.full((N,), T, dtype=torch.long)\n"
        "    target_lengths = torch.full((N,), targets.shape[1], dtype=torch.long)\n"
        "    F.ctc_loss(lp, targets, lengths, target_lengths, reduction='sum').backward()\n"
        "    return lp.grad\n"};

}  // namespace detbench::catalog
