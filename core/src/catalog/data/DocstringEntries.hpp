#pragma once
// The entries of torch.use_deterministic_algorithms's docstring that the catalog's traits quote,
// word for word as tests/core/catalog/docstrings/X.Y.txt holds them (Sphinx roles and backquotes
// dropped, lines joined); several entries one a line. OpCatalogDocstringTest holds each quote
// against the lists of each release.

#include <string_view>

namespace detbench::catalog::doc {

// Listed among the ops that act deterministically in deterministic mode.
inline constexpr std::string_view kConvolutions =
    "torch.nn.Conv1d when called on CUDA tensor\n"
    "torch.nn.Conv2d when called on CUDA tensor\n"
    "torch.nn.Conv3d when called on CUDA tensor\n"
    "torch.nn.ConvTranspose1d when called on CUDA tensor\n"
    "torch.nn.ConvTranspose2d when called on CUDA tensor\n"
    "torch.nn.ConvTranspose3d when called on CUDA tensor";
inline constexpr std::string_view kReplicationPad1d =
    "torch.nn.ReplicationPad1d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kReplicationPad2d =
    "torch.nn.ReplicationPad2d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kReplicationPad3d =
    "torch.nn.ReplicationPad3d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kBmmSparse = "torch.bmm when called on sparse-dense CUDA tensors";
inline constexpr std::string_view kIndexPutAccumulateCpu =
    "torch.Tensor.index_put with accumulate=True when called on a CPU tensor\n"
    "torch.Tensor.__getitem__ when attempting to differentiate a CPU tensor and the index is a "
    "list of tensors";
inline constexpr std::string_view kIndexPut = "torch.Tensor.index_put with accumulate=False";
inline constexpr std::string_view kPutAccumulateCpu =
    "torch.Tensor.put_ with accumulate=True when called on a CPU tensor";
inline constexpr std::string_view kScatterAdd =
    "torch.Tensor.scatter_add_ when called on a CUDA tensor";
inline constexpr std::string_view kGather =
    "torch.gather when called on a CUDA tensor that requires grad";
inline constexpr std::string_view kIndexAdd = "torch.index_add when called on CUDA tensor";
inline constexpr std::string_view kIndexSelect =
    "torch.index_select when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kRepeatInterleave =
    "torch.repeat_interleave when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kIndexCopy =
    "torch.Tensor.index_copy when called on a CPU or CUDA tensor";
inline constexpr std::string_view kScatter =
    "torch.Tensor.scatter when src type is Tensor and called on CUDA tensor";
inline constexpr std::string_view kScatterReduceSumMean =
    "torch.Tensor.scatter_reduce when reduce='sum' or reduce='mean' and called on CUDA tensor";
inline constexpr std::string_view kMaxPool3d =
    "torch.nn.MaxPool3d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kEmbedding =
    "torch.nn.Embedding when attempting to differentiate a CUDA tensor";

// Listed among the ops that raise (the cumsum and MaxPool3d entries moved between the lists).
inline constexpr std::string_view kAvgPool3d =
    "torch.nn.AvgPool3d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kAdaptiveAvgPool2d =
    "torch.nn.AdaptiveAvgPool2d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kAdaptiveAvgPool3d =
    "torch.nn.AdaptiveAvgPool3d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kAdaptiveMaxPool2d =
    "torch.nn.AdaptiveMaxPool2d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kFractionalMaxPool2d =
    "torch.nn.FractionalMaxPool2d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kFractionalMaxPool3d =
    "torch.nn.FractionalMaxPool3d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kMaxUnpool1d = "torch.nn.MaxUnpool1d";
inline constexpr std::string_view kMaxUnpool2d = "torch.nn.MaxUnpool2d";
inline constexpr std::string_view kMaxUnpool3d = "torch.nn.MaxUnpool3d";
#define DETBENCH_INTERPOLATE_ENTRY                                                          \
  "torch.nn.functional.interpolate when attempting to differentiate a CUDA tensor and one " \
  "of the following modes is used: "
inline constexpr std::string_view kInterpolateLinear = DETBENCH_INTERPOLATE_ENTRY "linear";
inline constexpr std::string_view kInterpolateBilinear = DETBENCH_INTERPOLATE_ENTRY "bilinear";
inline constexpr std::string_view kInterpolateBicubic = DETBENCH_INTERPOLATE_ENTRY "bicubic";
inline constexpr std::string_view kInterpolateTrilinear = DETBENCH_INTERPOLATE_ENTRY "trilinear";
#undef DETBENCH_INTERPOLATE_ENTRY
inline constexpr std::string_view kReflectionPad1d =
    "torch.nn.ReflectionPad1d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kReflectionPad2d =
    "torch.nn.ReflectionPad2d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kReflectionPad3d =
    "torch.nn.ReflectionPad3d when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kNllLoss = "torch.nn.NLLLoss when called on a CUDA tensor";
inline constexpr std::string_view kCtcLoss =
    "torch.nn.CTCLoss when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kEmbeddingBagMax =
    "torch.nn.EmbeddingBag when attempting to differentiate a CUDA tensor when mode='max'";
inline constexpr std::string_view kPut = "torch.Tensor.put_ when accumulate=False";
inline constexpr std::string_view kPutAccumulateCuda =
    "torch.Tensor.put_ when accumulate=True and called on a CUDA tensor";
inline constexpr std::string_view kHistc = "torch.histc when called on a CUDA tensor";
inline constexpr std::string_view kBincountWeighted =
    "torch.bincount when called on a CUDA tensor and weights tensor is given";
inline constexpr std::string_view kKthvalue = "torch.kthvalue with called on a CUDA tensor";
inline constexpr std::string_view kMedian =
    "torch.median with indices output when called on a CUDA tensor";
inline constexpr std::string_view kGridSample =
    "torch.nn.functional.grid_sample when attempting to differentiate a CUDA tensor";
inline constexpr std::string_view kCumsum =
    "torch.cumsum when called on a CUDA tensor when dtype is floating point or complex";
inline constexpr std::string_view kScatterReduceProd =
    "torch.Tensor.scatter_reduce when reduce='prod' and called on CUDA tensor";
// 2.15 on: every scatter_reduce on CUDA (and MPS) raises.
inline constexpr std::string_view kScatterReduce =
    "torch.Tensor.scatter_reduce when called on CUDA or MPS tensor";
inline constexpr std::string_view kResizeQuantized =
    "torch.Tensor.resize_ when called with a quantized tensor";

// Entries about MPS, from 2.15 (all in the raising list).
inline constexpr std::string_view kMpsIndexPutAccumulate =
    "torch.Tensor.index_put with accumulate=True when called on an MPS tensor with floating or "
    "complex dtype";
inline constexpr std::string_view kMpsIndexReduce =
    "torch.Tensor.index_reduce with reduce='prod'\\'mean' when called on an MPS tensor with "
    "floating or complex dtype";
inline constexpr std::string_view kMpsKthvalue = "torch.kthvalue when called on an MPS tensor";
inline constexpr std::string_view kMpsEmbedding =
    "torch.nn.Embedding when attempting to differentiate an MPS tensor";
inline constexpr std::string_view kMpsEmbeddingBag =
    "torch.nn.EmbeddingBag when attempting to differentiate an MPS tensor";
inline constexpr std::string_view kMpsGridSample =
    "torch.nn.functional.grid_sample when attempting to differentiate an MPS tensor";
inline constexpr std::string_view kMpsPooling =
    "torch.nn.MaxPool2d, torch.nn.MaxPool3d, and torch.nn.AvgPool3d when attempting to "
    "differentiate an MPS tensor";
inline constexpr std::string_view kMpsInterpolate =
    "torch.nn.functional.interpolate when attempting to differentiate an MPS tensor in some cases";

// The ops that need CUBLAS_WORKSPACE_CONFIG, 2.8 and 2.9.
inline constexpr std::string_view kCublas = "torch.mm\ntorch.mv\ntorch.bmm";

}  // namespace detbench::catalog::doc
