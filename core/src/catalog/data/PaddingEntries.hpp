#pragma once
// The catalog's entries for the padding ops' gradients.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

// F.pad(mode='replicate') on CUDA in deterministic mode takes torch._decomp.decompositions.
// _replication_pad, whose backward is index_put_ with accumulate, for every rank.
inline constexpr std::string_view kReplicationSource =
    "docstrings 2.8 to 2.15 list torch.nn.ReplicationPad1d, 2d and 3d backward on CUDA among the "
    "ops that act deterministically; torch/nn/functional.py pad in the 2.8.0 to 2.15.0 wheels "
    "(mode='replicate' on CUDA in deterministic mode: the _replication_pad decomposition); "
    "aten/src/ATen/native/cuda/ReplicationPadding.cu (its alert), at a revision of the main "
    "branch";
inline constexpr Releases<1> kReplicationPad2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .pytorchCaller = "replication_pad2d_backward_out_cuda",
                 .note =
                     "the CUDA backward adds each padded gradient into its edge element with "
                     "float atomics; in deterministic mode F.pad(mode='replicate') on CUDA takes "
                     "a decomposition whose backward is index_put_ with accumulate. Calling the "
                     "ATen op directly still raises replication_pad2d_backward_out_cuda",
                 .docstring = doc::kReplicationPad2d},
      .source = kReplicationSource}}};
inline constexpr std::string_view kReplicationNote =
    "the CUDA backward adds each padded gradient into its edge element with float atomics; in "
    "deterministic mode F.pad(mode='replicate') on CUDA takes a decomposition whose backward is "
    "index_put_ with accumulate. Calling the ATen op directly still raises its alert";
inline constexpr Releases<1> kReplicationPad1dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .pytorchCaller = "replication_pad1d_backward_cuda",
                 .note = kReplicationNote,
                 .docstring = doc::kReplicationPad1d},
      .source = kReplicationSource}}};
inline constexpr Releases<1> kReplicationPad3dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .pytorchCaller = "replication_pad3d_backward_out_cuda",
                 .note = kReplicationNote,
                 .docstring = doc::kReplicationPad3d},
      .source = kReplicationSource}}};

inline constexpr std::string_view kReflectionSource =
    "docstrings 2.8 to 2.15 (ReflectionPad1d, 2d and 3d backward on CUDA raise); "
    "torch/nn/functional.py pad in the 2.8.0 to 2.15.0 wheels (a decomposition for "
    "replicate only); aten/src/ATen/native/cuda/ReflectionPad.cu (the alerts), at a revision of "
    "the main branch";
// The docstrings still list ReflectionPad2d's backward among the ops that raise; the code has
// switched to a kernel of its own in deterministic mode since 2.8.
inline constexpr std::string_view kReflectionPad2dSource =
    "libtorch_cuda.so of the 2.8.0, 2.10.0 and 2.15.0 wheels: reflection_pad2d_backward_det_out_"
    "kernel present and the alert text \"reflection_pad2d_backward_cuda\" absent (the 1-D and 3-D "
    "alerts present); measured: PyTorch 2.11.0+cu130 on an NVIDIA H200 ran "
    "at::reflection_pad2d_backward in error mode without raising and in warn mode without "
    "warning, twice; docstrings 2.8 to 2.15 still list torch.nn.ReflectionPad2d backward on CUDA "
    "among the ops that raise";
inline constexpr DeviceTraits kReflectionPad2dSwitches{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .note =
        "the CUDA backward adds each mirrored gradient into its source element with float "
        "atomics; in deterministic mode PyTorch takes another kernel, in which each input "
        "element gathers its own terms. The docstring still says it raises",
    .docstring = doc::kReflectionPad2d,
    .docstringDiffers = true};
template <int D>
constexpr DeviceTraits reflectionTraits(std::string_view caller, std::string_view entry) {
  return {.nondeterministicByDefault = true,
          .source = NS::FloatAtomics,
          .errorMode = EM::Raises,
          .detbenchExtension = true,
          .pytorchCaller = caller,
          .note =
              "the CUDA backward adds each mirrored gradient into its source element "
              "with float atomics; PyTorch has no deterministic form (F.pad's "
              "deterministic decomposition covers replicate only). detbench's "
              "extension gathers each input element's terms in output order",
          .docstring = entry};
}
inline constexpr Releases<1> kReflectionPad1dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = reflectionTraits<1>("reflection_pad1d_backward_out_cuda", doc::kReflectionPad1d),
      .source = kReflectionSource}}};
inline constexpr Releases<1> kReflectionPad2dBackwardCuda{
    {{.since = Since{2, 8}, .traits = kReflectionPad2dSwitches, .source = kReflectionPad2dSource}}};
inline constexpr Releases<1> kReflectionPad3dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = reflectionTraits<3>("reflection_pad3d_backward_out_cuda", doc::kReflectionPad3d),
      .source = kReflectionSource}}};

inline constexpr OpEntry kReplicationPad1dBackwardEntry{
    .name = "replication_pad1d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='replicate') backward, 1-D",
    .summary = "each padded gradient added into the edge element it was copied from",
    .cpu = kCpuDeterministic,
    .cuda = kReplicationPad1dBackwardCuda,
    .trace = {.aten = "replication_pad1d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['width'], device=DEVICE)\n"
        "    return torch.ops.aten.replication_pad1d_backward(g, self, [P['pad']] * 2)\n"};
inline constexpr OpEntry kReplicationPad2dBackwardEntry{
    .name = "replication_pad2d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='replicate') backward, 2-D",
    .summary = "each padded gradient added into the edge element it was copied from",
    .cpu = kCpuDeterministic,
    .cuda = kReplicationPad2dBackwardCuda,
    .trace = {.aten = "replication_pad2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
        "    return torch.ops.aten.replication_pad2d_backward(g, self, [P['pad']] * 4)\n"};
inline constexpr OpEntry kReflectionPad2dBackwardEntry{
    .name = "reflection_pad2d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='reflect') backward, 2-D",
    .summary = "each padded gradient added into the input element its position mirrors",
    .cpu = kCpuDeterministic,
    .cuda = kReflectionPad2dBackwardCuda,
    .trace = {.aten = "reflection_pad2d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
        "    return torch.ops.aten.reflection_pad2d_backward(g, self, [P['pad']] * 4)\n"};
inline constexpr OpEntry kReplicationPad3dBackwardEntry{
    .name = "replication_pad3d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='replicate') backward, 3-D",
    .summary = "each padded gradient added into the edge element it was copied from",
    .cpu = kCpuDeterministic,
    .cuda = kReplicationPad3dBackwardCuda,
    .trace = {.aten = "replication_pad3d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
        "                       device=DEVICE)\n"
        "    return torch.ops.aten.replication_pad3d_backward(g, self, [P['pad']] * 6)\n"};
inline constexpr OpEntry kReflectionPad1dBackwardEntry{
    .name = "reflection_pad1d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='reflect') backward, 1-D",
    .summary = "each padded gradient added into the input element its position mirrors",
    .cpu = kCpuDeterministic,
    .cuda = kReflectionPad1dBackwardCuda,
    .trace = {.aten = "reflection_pad1d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['width'], device=DEVICE)\n"
        "    return torch.ops.aten.reflection_pad1d_backward(g, self, [P['pad']] * 2)\n"};
inline constexpr OpEntry kReflectionPad3dBackwardEntry{
    .name = "reflection_pad3d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='reflect') backward, 3-D",
    .summary = "each padded gradient added into the input element its position mirrors",
    .cpu = kCpuDeterministic,
    .cuda = kReflectionPad3dBackwardCuda,
    .trace = {.aten = "reflection_pad3d_backward"},
    .pytorchCall =
        "    g = io['grad_output']\n"
        "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
        "                       device=DEVICE)\n"
        "    return torch.ops.aten.reflection_pad3d_backward(g, self, [P['pad']] * 6)\n"};

}  // namespace detbench::catalog
