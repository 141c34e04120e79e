#pragma once
// The catalog's entries for the pooling ops' gradients.

#include "catalog/CatalogEntry.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kMaxPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note = "PyTorch's CUDA kernel gathers per input element (deterministic); the "
                         "atomic scatter form is a contrast, not PyTorch's default"},
      .source = kNotListed}}};
inline constexpr Releases<1> kAvgPool3dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "avg_pool3d_backward_cuda",
                 .note = "PyTorch has no deterministic form; detbench's extension reduces each "
                         "plane in a fixed order"},
      .source = "docstring 2.8 to 2.14: torch.nn.AvgPool3d backward on CUDA raises"}}};
inline constexpr Releases<1> kAdaptiveAvgPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "adaptive_avg_pool2d_backward_cuda",
                 .note = "PyTorch has no deterministic form; detbench's extension reduces each "
                         "plane in a fixed order"},
      .source = "docstring 2.8 to 2.14: torch.nn.AdaptiveAvgPool2d backward on CUDA raises"}}};
inline constexpr OpEntry kMaxPool2dBackwardEntry{
    .name = "max_pool2d_backward",
    .pytorchApi = "torch.nn.functional.max_pool2d backward (overlapping windows)",
    .summary = "gradient routed to each window's argmax; windows overlap",
    .cpu = kCpuDeterministic,
    .cuda = kMaxPool2dBackwardCuda};
inline constexpr OpEntry kAvgPool3dBackwardEntry{
    .name = "avg_pool3d_backward",
    .pytorchApi = "torch.nn.functional.avg_pool3d backward",
    .summary = "each output gradient spread evenly over its (overlapping) window",
    .cpu = kCpuDeterministic,
    .cuda = kAvgPool3dBackwardCuda};
inline constexpr OpEntry kAdaptiveAvgPool2dBackwardEntry{
    .name = "adaptive_avg_pool2d_backward",
    .pytorchApi = "torch.nn.functional.adaptive_avg_pool2d backward",
    .summary = "each output gradient spread over its adaptive (overlapping) window",
    .cpu = kCpuDeterministic,
    .cuda = kAdaptiveAvgPool2dBackwardCuda};

}  // namespace detbench::catalog
