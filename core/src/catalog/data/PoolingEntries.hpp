#pragma once
// The catalog's entries for the pooling ops' gradients, and max_unpool.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

// Alert texts read in ATen's CUDA sources at a revision of the main branch and found in
// libtorch_cuda.so of every wheel 2.8.0 to 2.15.0.
inline constexpr std::string_view kPoolingAlerts =
    "aten/src/ATen/native/cuda/ (the backward's alertNotDeterministic), at a revision of the "
    "main branch; the alert text is in libtorch_cuda.so of every wheel 2.8.0 to 2.15.0";

inline constexpr DeviceTraits kMaxPool2dTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .atomicContrast = true,
    .note =
        "PyTorch's CUDA kernel gathers per input element (deterministic); the "
        "atomic scatter form is a contrast, not PyTorch's default"};
inline constexpr Releases<2> kMaxPool2dBackwardCuda{{
    {.since = Since{2, 8}, .traits = kMaxPool2dTraits, .source = kNotListed},
    {.since = Since{2, 15},
     .traits = kMaxPool2dTraits,
     .source = "not in the docstring's CUDA lists, 2.8 to 2.15; 2.15 lists MaxPool2d backward "
               "on MPS as raising",
     .mps = doc::kMpsPooling},
}};
inline constexpr DeviceTraits kAvgPool3dTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "avg_pool3d_backward_cuda",
    .note =
        "PyTorch has no deterministic form; detbench's extension reduces each "
        "plane in a fixed order",
    .docstring = doc::kAvgPool3d};
inline constexpr Releases<2> kAvgPool3dBackwardCuda{{
    {.since = Since{2, 8},
     .traits = kAvgPool3dTraits,
     .source = "docstring 2.8 to 2.15: torch.nn.AvgPool3d backward on CUDA raises"},
    {.since = Since{2, 15},
     .traits = kAvgPool3dTraits,
     .source = "docstring 2.15: torch.nn.AvgPool3d backward raises on CUDA and on MPS",
     .mps = doc::kMpsPooling},
}};
inline constexpr Releases<1> kAdaptiveAvgPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "adaptive_avg_pool2d_backward_cuda",
                 .note = "PyTorch has no deterministic form; detbench's extension reduces each "
                         "plane in a fixed order",
                 .docstring = doc::kAdaptiveAvgPool2d},
      .source = "docstring 2.8 to 2.15: torch.nn.AdaptiveAvgPool2d backward on CUDA raises"}}};
inline constexpr Releases<1> kAdaptiveAvgPool3dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "adaptive_avg_pool3d_backward_out_cuda",
                 .note = "PyTorch has no deterministic form; detbench's extension reduces each "
                         "plane in a fixed order",
                 .docstring = doc::kAdaptiveAvgPool3d},
      .source = kPoolingAlerts}}};

// The argmax scatters: each output gradient to its window's maximum, added with atomics.
inline constexpr std::string_view kArgmaxNote =
    "the CUDA backward adds each output gradient into the input that was its window's maximum "
    "with float atomics, and overlapping windows share maxima; PyTorch has no deterministic "
    "form. detbench's extension visits each plane's outputs in order";
inline constexpr DeviceTraits kMaxPool3dRaises{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "max_pool3d_with_indices_backward_out_cuda",
    .note = kArgmaxNote,
    .docstring = doc::kMaxPool3d};
inline constexpr DeviceTraits kMaxPool3dSwitches{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .pytorchCaller = "max_pool3d_with_indices_backward_out_cuda",
    .note =
        "the CUDA backward adds with float atomics; in deterministic mode "
        "F.max_pool3d(return_indices=True) on CUDA takes a decomposition whose backward is "
        "deterministic. F.max_pool3d without indices (nn.MaxPool3d's default) still calls "
        "the ATen op, whose backward alerts max_pool3d_with_indices_backward_out_cuda; the "
        "docstring lists MaxPool3d as acting deterministically",
    .docstring = doc::kMaxPool3d};
inline constexpr Releases<3> kMaxPool3dBackwardCuda{{
    {.since = Since{2, 8},
     .traits = kMaxPool3dRaises,
     .source = "docstrings 2.8 to 2.12: torch.nn.MaxPool3d backward on CUDA raises; alert "
               "max_pool3d_with_indices_backward_out_cuda in aten/src/ATen/native/cuda/"
               "DilatedMaxPool3d.cu, at a revision of the main branch"},
    {.since = Since{2, 13},
     .traits = kMaxPool3dSwitches,
     .source = "docstring 2.13: torch.nn.MaxPool3d when differentiating a CUDA tensor acts "
               "deterministically; torch/nn/functional.py max_pool3d_with_indices in the 2.13.0 "
               "wheel (on CUDA with are_deterministic_algorithms_enabled(): "
               "torch._decomp.decompositions.max_pool3d_with_indices; _max_pool3d unchanged)"},
    {.since = Since{2, 15},
     .traits = kMaxPool3dSwitches,
     .source = "docstring 2.15: MaxPool3d acts deterministically on CUDA and raises on MPS; "
               "torch/nn/functional.py as in 2.13",
     .mps = doc::kMpsPooling},
}};
inline constexpr Releases<1> kAdaptiveMaxPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "adaptive_max_pool2d_backward_cuda",
                 .note = kArgmaxNote,
                 .docstring = doc::kAdaptiveMaxPool2d},
      .source = kPoolingAlerts}}};
inline constexpr Releases<1> kFractionalMaxPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "fractional_max_pool2d_backward_cuda",
                 .note = kArgmaxNote,
                 .docstring = doc::kFractionalMaxPool2d},
      .source = kPoolingAlerts}}};
inline constexpr Releases<1> kFractionalMaxPool3dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "fractional_max_pool3d_backward_out_cuda",
                 .note = kArgmaxNote,
                 .docstring = doc::kFractionalMaxPool3d},
      .source = kPoolingAlerts}}};

// max_unpool: writes, not adds; PyTorch raises on every device.
inline constexpr std::string_view kMaxUnpoolSource =
    "docstrings 2.8 to 2.15 (MaxUnpool1d, 2d and 3d raise, on any device); "
    "aten/src/ATen/native/MaxUnpooling.cpp and cuda/MaxUnpooling.cu (the alert in the CPU and "
    "the CUDA forward) and "
    "aten/src/ATen/native/cpu/MaxUnpoolKernel.cpp cpu_max_unpool (parallel_for over every input "
    "element), at a revision of the main branch; PyTorch 1.13 and libtorch_cpu of 2.11.0 raise "
    "on CPU tensors in deterministic mode";
inline constexpr std::string_view kMaxUnpoolNote =
    "each input value is written into the output position its index names; with repeated "
    "indices the value that stays depends on which write lands last, and PyTorch raises on "
    "every device. The cpu device writes in input order";
template <int D>
constexpr DeviceTraits maxUnpoolTraits(std::string_view entry) {
  return {.nondeterministicByDefault = true,
          .source = NS::RacingWrites,
          .errorMode = EM::Raises,
          .pytorchCaller = D == 3 ? "max_unpooling3d_forward_out" : "max_unpooling2d_forward_out",
          .note = kMaxUnpoolNote,
          .docstring = entry};
}
inline constexpr Releases<1> kMaxUnpool1dCuda{{{.since = Since{2, 8},
                                                .traits = maxUnpoolTraits<1>(doc::kMaxUnpool1d),
                                                .source = kMaxUnpoolSource}}};
inline constexpr Releases<1> kMaxUnpool2dCuda{{{.since = Since{2, 8},
                                                .traits = maxUnpoolTraits<2>(doc::kMaxUnpool2d),
                                                .source = kMaxUnpoolSource}}};
inline constexpr Releases<1> kMaxUnpool3dCuda{{{.since = Since{2, 8},
                                                .traits = maxUnpoolTraits<3>(doc::kMaxUnpool3d),
                                                .source = kMaxUnpoolSource}}};

inline constexpr OpEntry kMaxPool2dBackwardEntry{
    .name = "max_pool2d_backward",
    .pytorchApi = "torch.nn.functional.max_pool2d backward (overlapping windows)",
    .summary = "gradient routed to each window's argmax; windows overlap",
    .cpu = kCpuDeterministic,
    .cuda = kMaxPool2dBackwardCuda,
    .trace = {.aten = "max_pool2d_with_indices_backward"},
    .pytorchCall =
        "    k, s = P['kernel'], P['stride']\n"
        "    return torch.ops.aten.max_pool2d_with_indices_backward(\n"
        "        io['grad_output'], io['self'], [k, k], [s, s], [0, 0], [1, 1], False,\n"
        "        io['indices'])\n"};
inline constexpr OpEntry kMaxPool3dBackwardEntry{
    .name = "max_pool3d_backward",
    .pytorchApi = "torch.nn.functional.max_pool3d backward (overlapping windows)",
    .summary = "gradient routed to each cubic window's argmax; windows overlap",
    .cpu = kCpuDeterministic,
    .cuda = kMaxPool3dBackwardCuda,
    .trace = {.aten = "max_pool3d_with_indices_backward"},
    .pytorchCall =
        "    k, s = P['kernel'], P['stride']\n"
        "    return torch.ops.aten.max_pool3d_with_indices_backward(\n"
        "        io['grad_output'], io['self'], [k] * 3, [s] * 3, [0] * 3, [1] * 3, False,\n"
        "        io['indices'])\n"};
inline constexpr OpEntry kAdaptiveMaxPool2dBackwardEntry{
    .name = "adaptive_max_pool2d_backward",
    .pytorchApi = "torch.nn.functional.adaptive_max_pool2d backward",
    .summary = "gradient routed to each adaptive window's argmax; windows overlap",
    .cpu = kCpuDeterministic,
    .cuda = kAdaptiveMaxPool2dBackwardCuda,
    .trace = {.aten = "adaptive_max_pool2d_backward"},
    .pytorchCall =
        "    return torch.ops.aten.adaptive_max_pool2d_backward(io['grad_output'], io['self'],\n"
        "                                                       io['indices'])\n"};
inline constexpr OpEntry kFractionalMaxPool2dBackwardEntry{
    .name = "fractional_max_pool2d_backward",
    .pytorchApi = "torch.nn.functional.fractional_max_pool2d backward",
    .summary = "gradient routed to each pseudo-randomly placed window's argmax",
    .cpu = kCpuDeterministic,
    .cuda = kFractionalMaxPool2dBackwardCuda,
    .trace = {.aten = "fractional_max_pool2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    return torch.ops.aten.fractional_max_pool2d_backward(\n"
        "        g, io['self'], [P['kernel']] * 2, list(g.shape[2:]), io['indices'])\n"};
inline constexpr OpEntry kFractionalMaxPool3dBackwardEntry{
    .name = "fractional_max_pool3d_backward",
    .pytorchApi = "torch.nn.functional.fractional_max_pool3d backward",
    .summary = "gradient routed to each pseudo-randomly placed window's argmax, in 3-D",
    .cpu = kCpuDeterministic,
    .cuda = kFractionalMaxPool3dBackwardCuda,
    .trace = {.aten = "fractional_max_pool3d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    return torch.ops.aten.fractional_max_pool3d_backward(\n"
        "        g, io['self'], [P['kernel']] * 3, list(g.shape[2:]), io['indices'])\n"};
inline constexpr OpEntry kMaxUnpool1dEntry{
    .name = "max_unpool1d",
    .pytorchApi = "torch.nn.functional.max_unpool1d(input, indices, kernel, stride)",
    .summary = "each value written into the output position its index names (1-D)",
    .cpu = maxUnpoolTraits<1>(doc::kMaxUnpool1d),
    .cuda = kMaxUnpool1dCuda,
    .cpuSource = kMaxUnpoolSource,
    .trace =
        {.unseen =
             "F.max_unpool1d calls max_unpool2d on an added dimension: a trace sees max_unpool2d"},
    .pytorchCall =
        "    return F.max_unpool1d(io['input'], io['indices'], P['kernel'], P['stride'])\n"};
inline constexpr OpEntry kMaxUnpool2dEntry{
    .name = "max_unpool2d",
    .pytorchApi = "torch.nn.functional.max_unpool2d(input, indices, kernel, stride)",
    .summary = "each value written into the output position its index names (2-D)",
    .cpu = maxUnpoolTraits<2>(doc::kMaxUnpool2d),
    .cuda = kMaxUnpool2dCuda,
    .cpuSource = kMaxUnpoolSource,
    .trace = {.aten = "max_unpool2d"},
    .pytorchCall =
        "    return F.max_unpool2d(io['input'], io['indices'], P['kernel'], P['stride'])\n"};
inline constexpr OpEntry kMaxUnpool3dEntry{
    .name = "max_unpool3d",
    .pytorchApi = "torch.nn.functional.max_unpool3d(input, indices, kernel, stride)",
    .summary = "each value written into the output position its index names (3-D)",
    .cpu = maxUnpoolTraits<3>(doc::kMaxUnpool3d),
    .cuda = kMaxUnpool3dCuda,
    .cpuSource = kMaxUnpoolSource,
    .trace = {.aten = "max_unpool3d"},
    .pytorchCall =
        "    return F.max_unpool3d(io['input'], io['indices'], P['kernel'], P['stride'])\n"};
inline constexpr OpEntry kAvgPool3dBackwardEntry{
    .name = "avg_pool3d_backward",
    .pytorchApi = "torch.nn.functional.avg_pool3d backward",
    .summary = "each output gradient spread evenly over its (overlapping) window",
    .cpu = kCpuDeterministic,
    .cuda = kAvgPool3dBackwardCuda,
    .trace = {.aten = "avg_pool3d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    k, s, pad = P['kernel'], P['stride'], P['padding']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
        "                       device=DEVICE)\n"
        "    return torch.ops.aten.avg_pool3d_backward(g, self, [k] * 3, [s] * 3, [pad] * 3, "
        "False,\n"
        "                                              True, None)\n"};
inline constexpr OpEntry kAdaptiveAvgPool2dBackwardEntry{
    .name = "adaptive_avg_pool2d_backward",
    .pytorchApi = "torch.nn.functional.adaptive_avg_pool2d backward",
    .summary = "each output gradient spread over its adaptive (overlapping) window",
    .cpu = kCpuDeterministic,
    .cuda = kAdaptiveAvgPool2dBackwardCuda,
    .trace = {.aten = "_adaptive_avg_pool2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
        "    return torch.ops.aten._adaptive_avg_pool2d_backward(g, self)\n"};
inline constexpr OpEntry kAdaptiveAvgPool3dBackwardEntry{
    .name = "adaptive_avg_pool3d_backward",
    .pytorchApi = "torch.nn.functional.adaptive_avg_pool3d backward",
    .summary = "each output gradient spread over its adaptive (overlapping) window, in 3-D",
    .cpu = kCpuDeterministic,
    .cuda = kAdaptiveAvgPool3dBackwardCuda,
    .trace = {.aten = "_adaptive_avg_pool3d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
        "                       device=DEVICE)\n"
        "    return torch.ops.aten._adaptive_avg_pool3d_backward(g, self)\n"};

}  // namespace detbench::catalog
