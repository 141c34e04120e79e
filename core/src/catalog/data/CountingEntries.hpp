#pragma once
// The catalog's entries for the counts: bincount with and without weights, histc.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kBincountCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::IntegerAtomics,
                 .errorMode = EM::Runs,
                 .note = "integer atomics: the order of the adds varies but integer addition is "
                         "exact"},
      .source = "docstring 2.8 to 2.15: only torch.bincount() with weights raises"}}};
inline constexpr Releases<1> kBincountWeightedCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "_bincount_cuda",
                 .note = "PyTorch has no deterministic form with weights; detbench's extension "
                         "reduces each bin in index order",
                 .docstring = doc::kBincountWeighted},
      .source = "docstring 2.8 to 2.15: torch.bincount() on CUDA with weights raises; "
                "aten/src/ATen/native/cuda/SummaryOps.cu (_bincount_cuda)"}}};
inline constexpr Releases<1> kHistcCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "_histc_cuda with floating point input",
                 .note =
                     "PyTorch adds 1.0 per value with float atomics and raises in error mode; "
                     "adding 1.0 is exact below 2^24 per bin, so the counts agree run to run in "
                     "practice. detbench's extension counts each bin in index order",
                 .docstring = doc::kHistc},
      .source = "docstring 2.8 to 2.15: torch.histc() on CUDA raises; "
                "aten/src/ATen/native/cuda/SummaryOps.cu (the caller's name)"}}};
inline constexpr OpEntry kBincountEntry{
    .name = "bincount",
    .pytorchApi = "torch.bincount(input)",
    .summary = "counts of each value, without weights",
    .cpu = kCpuDeterministic,
    .cuda = kBincountCuda,
    .trace = {.aten = "bincount", .when = TraceWhen::WithoutWeights, .shape = TraceShape::Count},
    .pytorchCall = "    return torch.bincount(io['input'], minlength=P['bins'])\n"};
inline constexpr OpEntry kBincountWeightedEntry{
    .name = "bincount_weighted",
    .pytorchApi = "torch.bincount(input, weights)",
    .summary = "sum of float weights per value",
    .cpu = kCpuDeterministic,
    .cuda = kBincountWeightedCuda,
    .trace = {.aten = "bincount", .when = TraceWhen::WithWeights, .shape = TraceShape::Count},
    .pytorchCall = "    return torch.bincount(io['input'], io['weights'], minlength=P['bins'])\n"};
inline constexpr OpEntry kHistcEntry{
    .name = "histc",
    .pytorchApi = "torch.histc(input, bins, min=-1, max=1)",
    .summary = "counts of float values in equal-width bins",
    .cpu = kCpuDeterministic,
    .cuda = kHistcCuda,
    .trace = {.aten = "histc", .shape = TraceShape::Count},
    .pytorchCall = "    return torch.histc(io['input'], bins=P['bins'], min=-1, max=1)\n"};

}  // namespace detbench::catalog
