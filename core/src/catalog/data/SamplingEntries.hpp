#pragma once
// The catalog's entries for the interpolation and grid-sampling gradients.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr DeviceTraits kBilinearTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .pytorchCaller = "upsample_bilinear2d_backward_out_cuda",
    .note =
        "the default backward adds with float atomics; in deterministic mode "
        "F.interpolate on CUDA takes a decomposition whose backward is index_put_ "
        "with accumulate (deterministic). Calling the ATen op directly still "
        "raises upsample_bilinear2d_backward_out_cuda",
    .docstring = doc::kInterpolateBilinear,
    .docstringDiffers = true};
inline constexpr std::string_view kBilinearSource =
    "torch/nn/functional.py interpolate in the 2.8.0 to 2.15.0 wheels: bilinear on "
    "CUDA with are_deterministic_algorithms_enabled() takes "
    "torch._decomp.decompositions._upsample_linear_vec; the docstrings 2.8 to 2.15 "
    "still list interpolate backward with bilinear among the raising ops";
inline constexpr Releases<2> kUpsampleBilinear2dBackwardCuda{{
    {.since = Since{2, 8}, .traits = kBilinearTraits, .source = kBilinearSource},
    {.since = Since{2, 15},
     .traits = kBilinearTraits,
     .source = kBilinearSource,
     .mps = doc::kMpsInterpolate},
}};
inline constexpr Releases<2> kUpsampleBicubic2dBackwardCuda{{
    {.since = Since{2, 8},
     .traits = {.nondeterministicByDefault = true,
                .source = NS::FloatAtomics,
                .errorMode = EM::Raises,
                .detbenchExtension = true,
                .pytorchCaller = "upsample_bicubic2d_backward_out_cuda",
                .note = "the backward adds each output gradient into 16 source pixels with float "
                        "atomics, and F.interpolate has no deterministic decomposition for "
                        "bicubic (it has one for linear, bilinear and trilinear); detbench's "
                        "extension gathers each input pixel's terms in PyTorch's CPU order",
                .docstring = doc::kInterpolateBicubic},
     .source = "torch/nn/functional.py interpolate in the 2.8.0 to 2.14.0 wheels (bicubic "
               "calls upsample_bicubic2d, with no deterministic branch); "
               "aten/src/ATen/native/cuda/UpSampleBicubic2d.cu (alert "
               "upsample_bicubic2d_backward_out_cuda), at a revision of the main branch; the "
               "docstrings 2.8 to 2.14 list interpolate backward with bicubic among the raising "
               "ops"},
    {.since = Since{2, 15},
     .traits = {.nondeterministicByDefault = true,
                .source = NS::FloatAtomics,
                .errorMode = EM::SwitchesToDeterministic,
                .pytorchCaller = "upsample_bicubic2d_backward_out_cuda",
                .note = "the default backward adds each output gradient into 16 source pixels "
                        "with float atomics; in deterministic mode F.interpolate on a tensor not "
                        "on the CPU takes a decomposition whose backward is index_put_ with "
                        "accumulate. Calling the ATen op directly still raises "
                        "upsample_bicubic2d_backward_out_cuda",
                .docstring = doc::kInterpolateBicubic,
                .docstringDiffers = true},
     .source = "torch/nn/functional.py interpolate in the 2.15.0 wheel: bicubic (without "
               "antialias) on a tensor not on the CPU with are_deterministic_algorithms_enabled() "
               "takes torch._decomp.decompositions.upsample_bicubic2d_vec; the docstring 2.15 "
               "still lists interpolate backward with bicubic among the raising ops",
     .mps = doc::kMpsInterpolate},
}};
inline constexpr DeviceTraits kLinearTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "upsample_linear1d_backward_out_cuda",
    .note =
        "the backward adds with float atomics and F.interpolate has no "
        "deterministic path for mode='linear'; detbench's extension gathers each "
        "input position's contributions in output order",
    .docstring = doc::kInterpolateLinear};
inline constexpr std::string_view kLinearSource =
    "docstring 2.8 to 2.15: interpolate backward with mode='linear' on CUDA raises; "
    "torch/nn/functional.py interpolate in the 2.8.0 to 2.15.0 wheels "
    "(mode='linear' calls upsample_linear1d, with no deterministic branch)";
inline constexpr Releases<2> kUpsampleLinear1dBackwardCuda{{
    {.since = Since{2, 8}, .traits = kLinearTraits, .source = kLinearSource},
    {.since = Since{2, 15},
     .traits = kLinearTraits,
     .source = kLinearSource,
     .mps = doc::kMpsInterpolate},
}};
inline constexpr DeviceTraits kTrilinearRaises{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "upsample_trilinear3d_backward_out_cuda",
    .note =
        "the backward adds with float atomics and PyTorch has no deterministic form; "
        "detbench's extension gathers each input voxel's contributions in output order",
    .docstring = doc::kInterpolateTrilinear};
inline constexpr DeviceTraits kTrilinearSwitches{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .pytorchCaller = "upsample_trilinear3d_backward_out_cuda",
    .note =
        "the default backward adds with float atomics; in deterministic mode "
        "F.interpolate on CUDA takes the same decomposition as for bilinear, "
        "whose backward is index_put_ with accumulate. Calling the ATen op "
        "directly still raises upsample_trilinear3d_backward_out_cuda",
    .docstring = doc::kInterpolateTrilinear,
    .docstringDiffers = true};
inline constexpr std::string_view kTrilinearSource =
    "torch/nn/functional.py interpolate in the 2.9.0 to 2.15.0 wheels: trilinear on "
    "a tensor not on the CPU with are_deterministic_algorithms_enabled() takes "
    "torch._decomp.decompositions._upsample_linear_vec, as bilinear does; the "
    "docstrings 2.9 to 2.15 still list interpolate backward with trilinear among the "
    "raising ops";
inline constexpr Releases<3> kUpsampleTrilinear3dBackwardCuda{{
    {.since = Since{2, 8},
     .traits = kTrilinearRaises,
     .source = "docstring 2.8: torch.nn.functional.interpolate backward with mode='trilinear' on "
               "CUDA raises; torch/nn/functional.py interpolate in the 2.8.0 wheel reroutes "
               "bilinear only"},
    {.since = Since{2, 9}, .traits = kTrilinearSwitches, .source = kTrilinearSource},
    {.since = Since{2, 15},
     .traits = kTrilinearSwitches,
     .source = kTrilinearSource,
     .mps = doc::kMpsInterpolate},
}};
inline constexpr DeviceTraits kGridSamplerTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .pytorchCaller = "grid_sampler_2d_backward_cuda",
    .note =
        "one thread per grid point adds its gradient into the four pixels "
        "around the point with float atomics, and where the points land is "
        "data, so any number can share a pixel; PyTorch has no deterministic "
        "form. detbench's extension indexes the points by cell and gathers "
        "each pixel's terms in PyTorch's CPU order",
    .docstring = doc::kGridSample};
inline constexpr std::string_view kGridSamplerSource =
    "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.15 "
    "(torch.nn.functional.grid_sample raises when differentiating a CUDA tensor, in "
    "the lists with and without kthvalue); aten/src/ATen/native/cuda/"
    "GridSampler.cpp (alert grid_sampler_2d_backward_cuda, atomicAdd in "
    "GridSampler.cu)";
inline constexpr Releases<2> kGridSampler2dBackwardCuda{{
    {.since = Since{2, 8}, .traits = kGridSamplerTraits, .source = kGridSamplerSource},
    {.since = Since{2, 15},
     .traits = kGridSamplerTraits,
     .source = kGridSamplerSource,
     .mps = doc::kMpsGridSample},
}};
inline constexpr OpEntry kUpsampleLinear1dBackwardEntry{
    .name = "upsample_linear1d_backward",
    .pytorchApi = "torch.nn.functional.interpolate(mode='linear') backward",
    .summary = "each output gradient spread over its two source positions",
    .cpu = kCpuDeterministic,
    .cuda = kUpsampleLinear1dBackwardCuda,
    .trace = {.aten = "upsample_linear1d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    return torch.ops.aten.upsample_linear1d_backward(\n"
        "        g, [g.shape[2]], [g.shape[0], g.shape[1], P['width']], False)\n"};
inline constexpr OpEntry kUpsampleBilinear2dBackwardEntry{
    .name = "upsample_bilinear2d_backward",
    .pytorchApi = "torch.nn.functional.interpolate(mode='bilinear') backward",
    .summary = "each output gradient spread over its four source pixels",
    .cpu = kCpuDeterministic,
    .cuda = kUpsampleBilinear2dBackwardCuda,
    .trace = {.aten = "upsample_bilinear2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    return torch.ops.aten.upsample_bilinear2d_backward(\n"
        "        g, [g.shape[2], g.shape[3]], [g.shape[0], g.shape[1], P['height'], P['width']],\n"
        "        False)\n"};
inline constexpr OpEntry kUpsampleBicubic2dBackwardEntry{
    .name = "upsample_bicubic2d_backward",
    .pytorchApi = "torch.nn.functional.interpolate(mode='bicubic') backward",
    .summary =
        "each output gradient spread over its 4 x 4 source pixels with cubic "
        "weights, edge taps clamped",
    .cpu = kCpuDeterministic,
    .cuda = kUpsampleBicubic2dBackwardCuda,
    .trace = {.aten = "upsample_bicubic2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    return torch.ops.aten.upsample_bicubic2d_backward(\n"
        "        g, [g.shape[2], g.shape[3]], [g.shape[0], g.shape[1], P['height'], P['width']],\n"
        "        False)\n"};
inline constexpr OpEntry kUpsampleTrilinear3dBackwardEntry{
    .name = "upsample_trilinear3d_backward",
    .pytorchApi = "torch.nn.functional.interpolate(mode='trilinear') backward",
    .summary = "each output gradient spread over its eight source voxels",
    .cpu = kCpuDeterministic,
    .cuda = kUpsampleTrilinear3dBackwardCuda,
    .trace = {.aten = "upsample_trilinear3d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    return torch.ops.aten.upsample_trilinear3d_backward(\n"
        "        g, [g.shape[2], g.shape[3], g.shape[4]],\n"
        "        [g.shape[0], g.shape[1], P['depth'], P['height'], P['width']], False)\n"};
inline constexpr OpEntry kGridSampler2dBackwardEntry{
    .name = "grid_sampler_2d_backward",
    .pytorchApi =
        "torch.nn.functional.grid_sample(mode='bilinear', "
        "padding_mode='zeros') backward, input gradient",
    .summary =
        "each output gradient spread over the four input pixels around the "
        "point its grid entry names",
    .cpu = kCpuDeterministic,
    .cuda = kGridSampler2dBackwardCuda,
    .trace = {.aten = "grid_sampler_2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    inp = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
        "    return torch.ops.aten.grid_sampler_2d_backward(g, inp, io['grid'], 0, 0, False,\n"
        "                                                   [True, False])[0]\n"};

}  // namespace detbench::catalog
