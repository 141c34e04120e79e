#pragma once
// The catalog's entries for the padding ops' gradients.

#include "catalog/CatalogEntry.hpp"

namespace detbench::catalog {

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
                     "ATen op directly still raises replication_pad2d_backward_out_cuda"},
      .source = "docstrings 2.8 to 2.14 list torch.nn.ReplicationPad2d backward on CUDA among the "
                "ops that act deterministically; torch/nn/functional.py pad in the 2.8.0 to 2.14.0 "
                "wheels (mode='replicate' on CUDA in deterministic mode: the _replication_pad "
                "decomposition); aten/src/ATen/native/cuda/ReplicationPadding.cu (its alert), at a "
                "revision of the main branch"}}};
inline constexpr Releases<1> kReflectionPad2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .pytorchCaller = "reflection_pad2d_backward_cuda",
                 .note = "the CUDA backward adds each mirrored gradient into its source element "
                         "with float atomics; PyTorch has no deterministic form (F.pad's "
                         "deterministic decomposition covers replicate only). detbench's "
                         "extension gathers each input element's terms in output order"},
      .source = "docstrings 2.8 to 2.14 (ReflectionPad1d, 2d and 3d backward on CUDA raise); "
                "torch/nn/functional.py pad in the 2.8.0 to 2.14.0 wheels (a decomposition for "
                "replicate only); aten/src/ATen/native/cuda/ReflectionPad.cu (alert "
                "reflection_pad2d_backward_cuda), at a revision of the main branch"}}};
inline constexpr OpEntry kReplicationPad2dBackwardEntry{
    .name = "replication_pad2d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='replicate') backward, 2-D",
    .summary = "each padded gradient added into the edge element it was copied from",
    .cpu = kCpuDeterministic,
    .cuda = kReplicationPad2dBackwardCuda};
inline constexpr OpEntry kReflectionPad2dBackwardEntry{
    .name = "reflection_pad2d_backward",
    .pytorchApi = "torch.nn.functional.pad(mode='reflect') backward, 2-D",
    .summary = "each padded gradient added into the input element its position mirrors",
    .cpu = kCpuDeterministic,
    .cuda = kReflectionPad2dBackwardCuda};

}  // namespace detbench::catalog
