#include "detbench/catalog/OpCatalog.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench {

namespace {

using NS = NondeterminismSource;
using EM = ErrorModeBehavior;

// PyTorch's CPU kernels for every op below add in a fixed order: deterministic.
constexpr DeviceTraits kCpuDeterministic{.nondeterministicByDefault = false,
                                         .source = NS::None,
                                         .errorMode = EM::Runs,
                                         .detbenchExtension = false,
                                         .atomicContrast = false,
                                         .pytorchCaller = "",
                                         .note = ""};

// Random numbers repeat exactly when the seed is set, and only then.
constexpr DeviceTraits kCpuRandom{
    .nondeterministicByDefault = false,
    .source = NS::Rng,
    .errorMode = EM::Runs,
    .detbenchExtension = false,
    .atomicContrast = false,
    .pytorchCaller = "",
    .note =
        "PyTorch's CPU generator (Mersenne Twister), reproduced bit for bit: the same seed "
        "gives the same numbers; without a seed each trial (a fresh process) gets other "
        "numbers"};
constexpr DeviceTraits kGpuRandom{
    .nondeterministicByDefault = false,
    .source = NS::Rng,
    .errorMode = EM::Runs,
    .detbenchExtension = false,
    .atomicContrast = false,
    .pytorchCaller = "",
    .note =
        "a counter-based Philox generator, as on CUDA: the same seed gives the same numbers, "
        "but other numbers than the CPU generator gives for that seed; without a seed each "
        "trial gets other numbers"};

// PyTorch's CPU index_put_ and put_ with accumulate=True: parallel float atomics unless serial.
constexpr DeviceTraits kCpuParallelAtomics{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .detbenchExtension = false,
    .atomicContrast = false,
    .pytorchCaller = "",
    .note =
        "with 2 or more threads and at least 32768 elements, PyTorch's CPU kernel adds float "
        "values in parallel with atomic adds (nondeterministic); deterministic mode runs it "
        "serially in index order. detbench's cpu device runs that serial order, and "
        "cpu-threads' atomic form the parallel one"};

using Since = PyTorchRelease;

// Where the facts come from. "The docstring" is torch.use_deterministic_algorithms's, read for
// each release from 2.8 to 2.14 (docs.pytorch.org/docs/X.Y/generated/...); ATen and Python
// files were read at the release tags (github.com/pytorch/pytorch, vX.Y.0).
constexpr std::string_view kNotListed =
    "not in the docstring's lists, 2.8 to 2.14: deterministic by default";
constexpr std::string_view kRandomSource =
    "torch.manual_seed and the CUDA Philox generator; random ops are outside the docstring's lists";

// The same traits with another note (a release that changed only what its docs say).
constexpr DeviceTraits withNote(DeviceTraits traits, std::string_view note) {
  traits.note = note;
  return traits;
}

// An entry for every release of the catalog.
template <std::size_t N>
using Releases = std::array<CudaReleaseTraits, N>;

// The CUDA traits of each op, release by release (each entry holds until the next one).
constexpr Releases<1> kIndexAddCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "deterministic mode routes index_add_ on CUDA to index_put_ with "
                         "accumulate=True, which sorts the indices and reduces each run in index "
                         "order; PyTorch never raises for it"},
      .source = "docstring 2.8 to 2.14: torch.index_add() on CUDA acts deterministically; "
                "aten/src/ATen/native/TensorAdvancedIndexing.cpp (index_add via index_put_)"}}};
constexpr Releases<1> kScatterAddCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "deterministic mode routes scatter_add_ on CUDA through index_put_ with "
                         "accumulate=True (sort, then reduce each run in index order); PyTorch "
                         "never raises for it"},
      .source = "docstring 2.8 to 2.14: torch.Tensor.scatter_add_() on CUDA acts "
                "deterministically; aten/src/ATen/native/TensorAdvancedIndexing.cpp "
                "(_scatter_via_index_put)"}}};
// scatter_reduce (torch.Tensor.scatter_reduce_, include_self=True). Deterministic mode sends sum
// and mean through index_put_ with accumulate; prod, amax and amin reach the CUDA kernel, which
// alerts "scatter_reduce_cuda" whatever the reduction.
constexpr std::string_view kScatterReduceReroute =
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp scatter_impl (deterministic mode on CUDA: "
    "_scatter_via_index_put for sum and mean only), read at main; the docstring lists "
    "scatter_reduce with reduce='sum' or 'mean' on CUDA among the ops that act "
    "deterministically. Releases 2.8 to 2.14 were not each read for this op";
constexpr std::string_view kScatterReduceAlert =
    "aten/src/ATen/native/cuda/ScatterGatherKernel.cu scatter_reduce_two_cuda_kernel "
    "(alertNotDeterministic(\"scatter_reduce_cuda\") for every reduction), read at main; "
    "releases 2.8 to 2.14 were not each read for this op";
constexpr Releases<1> kScatterReduceSumCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "the CUDA kernel adds with float atomics; deterministic mode sends "
                         "scatter_reduce sum through index_put_ with accumulate=True (sort, then "
                         "reduce each run in index order)"},
      .source = kScatterReduceReroute}}};
constexpr Releases<1> kScatterReduceMeanCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "the sums are added with float atomics, then divided by each element's "
                         "count (self included); deterministic mode sends the sums through "
                         "index_put_ with accumulate=True"},
      .source = kScatterReduceReroute}}};
constexpr Releases<1> kScatterReduceAmaxCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::OrderFreeAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "scatter_reduce_cuda",
                 .note = "an atomic maximum gives the same result in any order (for inputs without "
                         "signed zeros or NaN, whose ties keep whichever came first), yet "
                         "PyTorch's kernel raises in error mode as it does for every reduction; "
                         "detbench's extension reduces each element in index order"},
      .source = kScatterReduceAlert}}};
constexpr Releases<1> kScatterReduceProdCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "scatter_reduce_cuda",
                 .note = "the CUDA kernel multiplies with atomic compare-and-swap loops, so the "
                         "products round in the order the threads run; PyTorch has no "
                         "deterministic form, detbench's extension multiplies in index order"},
      .source = kScatterReduceAlert}}};
constexpr Releases<1> kBincountCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::IntegerAtomics,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "integer atomics: the order of the adds varies but integer addition is "
                         "exact"},
      .source = "docstring 2.8 to 2.14: only torch.bincount() with weights raises"}}};
constexpr Releases<1> kBincountWeightedCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "_bincount_cuda",
                 .note = "PyTorch has no deterministic form with weights; detbench's extension "
                         "reduces each bin in index order"},
      .source = "docstring 2.8 to 2.14: torch.bincount() on CUDA with weights raises; "
                "aten/src/ATen/native/cuda/SummaryOps.cu (_bincount_cuda)"}}};
constexpr Releases<1> kEmbeddingBagBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note =
                     "PyTorch's CUDA kernel sorts the indices (deterministic) for sum and mean; "
                     "the atomic form is a contrast, not PyTorch's default"},
      .source = "docstring 2.8 to 2.14: only mode='max' raises (EmbeddingBag backward)"}}};
constexpr Releases<1> kSumCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "PyTorch reduces in a fixed tree (deterministic); the atomic-partials "
                         "form is a contrast, not PyTorch's default"},
      .source = kNotListed}}};
constexpr Releases<1> kRmsNormCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "PyTorch reduces each row deterministically, but how it splits a row "
                         "depends on the shape: the bits repeat run to run, not across batch "
                         "sizes. The atomic-partials form is a contrast, not PyTorch's default"},
      .source = "Thinking Machines, Defeating Nondeterminism in LLM Inference (2025): "
                "reductions split per shape; batch_invariant_ops replaces rms_norm"}}};
constexpr Releases<1> kSoftmaxCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "PyTorch's softmax kernels are deterministic run to run; which one runs "
                         "(and how a row is split) depends on the shape, so the bits of a row "
                         "may change with the batch. The atomic-partials form is a contrast, not "
                         "PyTorch's default"},
      .source = "Thinking Machines, Defeating Nondeterminism in LLM Inference (2025): "
                "batch_invariant_ops replaces softmax and log_softmax"}}};
constexpr Releases<1> kDecodeAttentionCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "split-KV decoding kernels (FlashAttention's, FlashInfer's) merge their "
                         "splits in a fixed order: the bits repeat run to run, but the number of "
                         "splits follows the batch size. The atomic form is a contrast"},
      .source = "Thinking Machines, Defeating Nondeterminism in LLM Inference (2025): split-KV "
                "attention and a fixed split size"}}};
constexpr Releases<1> kCtcLossBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "ctc_loss_backward_gpu",
                 .note = "the CUDA backward adds each extended position's term to its class's "
                         "gradient with atomicAdd (the blank at every other position, repeated "
                         "labels): PyTorch raises in deterministic mode. detbench's extension "
                         "gathers each class's positions in order, as the CPU kernel does"},
      .source = "docstring 2.8 to 2.14: torch.nn.CTCLoss when attempting to differentiate a CUDA "
                "tensor raises; aten/src/ATen/native/cuda/LossCTC.cu "
                "(alertNotDeterministic(\"ctc_loss_backward_gpu\"))"}}};
constexpr Releases<1> kMaxPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "PyTorch's CUDA kernel gathers per input element (deterministic); the "
                         "atomic scatter form is a contrast, not PyTorch's default"},
      .source = kNotListed}}};
constexpr Releases<1> kUpsampleBilinear2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "upsample_bilinear2d_backward_out_cuda",
                 .note = "the default backward adds with float atomics; in deterministic mode "
                         "F.interpolate on CUDA takes a decomposition whose backward is index_put_ "
                         "with accumulate (deterministic). Calling the ATen op directly still "
                         "raises upsample_bilinear2d_backward_out_cuda"},
      .source = "torch/nn/functional.py interpolate, v2.8.0 to v2.14.0: "
                "are_deterministic_algorithms_enabled() on CUDA takes _upsample_linear_vec"}}};
constexpr Releases<1> kUpsampleBicubic2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "upsample_bicubic2d_backward_out_cuda",
                 .note = "the backward adds each output gradient into 16 source pixels with float "
                         "atomics, and F.interpolate has no deterministic decomposition for "
                         "bicubic (it has one for linear, bilinear and trilinear); detbench's "
                         "extension gathers each input pixel's terms in PyTorch's CPU order"},
      .source = "torch/nn/functional.py interpolate (bicubic calls upsample_bicubic2d in every "
                "version read, up to the newest); aten/src/ATen/native/cuda/UpSampleBicubic2d.cu "
                "(alert upsample_bicubic2d_backward_out_cuda); the docstrings list interpolate "
                "backward with bicubic among the raising ops. The releases 2.8 to 2.14 were not "
                "each read for this op"}}};
constexpr Releases<1> kUpsampleLinear1dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "upsample_linear1d_backward_out_cuda",
                 .note = "the backward adds with float atomics and F.interpolate has no "
                         "deterministic path for mode='linear'; detbench's extension gathers each "
                         "input position's contributions in output order"},
      .source = "docstring 2.8 to 2.14: interpolate backward with mode='linear' on CUDA raises; "
                "torch/nn/functional.py interpolate read at main (mode='linear' calls "
                "upsample_linear1d directly, with no deterministic branch)"}}};
constexpr DeviceTraits kTrilinearRaises{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::Raises,
    .detbenchExtension = true,
    .atomicContrast = false,
    .pytorchCaller = "upsample_trilinear3d_backward_out_cuda",
    .note =
        "the backward adds with float atomics and PyTorch has no deterministic form; "
        "detbench's extension gathers each input voxel's contributions in output order"};
constexpr Releases<2> kUpsampleTrilinear3dBackwardCuda{{
    {.since = Since{2, 8},
     .traits = kTrilinearRaises,
     .source = "docstring 2.8: torch.nn.functional.interpolate backward with mode='trilinear' on "
               "CUDA raises; torch/nn/functional.py at v2.8.0 reroutes bilinear only"},
    {.since = Since{2, 9},
     .traits = {.nondeterministicByDefault = true,
                .source = NS::FloatAtomics,
                .errorMode = EM::SwitchesToDeterministic,
                .detbenchExtension = false,
                .atomicContrast = false,
                .pytorchCaller = "upsample_trilinear3d_backward_out_cuda",
                .note = "the default backward adds with float atomics; in deterministic mode "
                        "F.interpolate on CUDA takes the same decomposition as for bilinear, "
                        "whose backward is index_put_ with accumulate. Calling the ATen op "
                        "directly still raises upsample_trilinear3d_backward_out_cuda"},
     .source = "torch/nn/functional.py interpolate at v2.9.0 to v2.14.0 (read in an earlier "
               "session): trilinear joins bilinear's _upsample_linear_vec path in deterministic "
               "mode on CUDA"},
}};
constexpr Releases<1> kAvgPool3dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "avg_pool3d_backward_cuda",
                 .note = "PyTorch has no deterministic form; detbench's extension reduces each "
                         "plane in a fixed order"},
      .source = "docstring 2.8 to 2.14: torch.nn.AvgPool3d backward on CUDA raises"}}};
constexpr Releases<1> kAdaptiveAvgPool2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "adaptive_avg_pool2d_backward_cuda",
                 .note = "PyTorch has no deterministic form; detbench's extension reduces each "
                         "plane in a fixed order"},
      .source = "docstring 2.8 to 2.14: torch.nn.AdaptiveAvgPool2d backward on CUDA raises"}}};
constexpr Releases<1> kReplicationPad2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "replication_pad2d_backward_out_cuda",
                 .note =
                     "the CUDA backward adds each padded gradient into its edge element with "
                     "float atomics; in deterministic mode F.pad(mode='replicate') on CUDA takes "
                     "a decomposition whose backward is index_put_ with accumulate. Calling the "
                     "ATen op directly still raises replication_pad2d_backward_out_cuda"},
      .source =
          "docstrings 2.6 and 2.14 list torch.nn.ReplicationPad2d backward on CUDA among the "
          "ops that act deterministically; torch/nn/functional.py pad (the replicate "
          "decomposition) and aten/src/ATen/native/cuda/ReplicationPadding.cu (its alert) read "
          "at main. The releases between were not each read for this op"}}};
constexpr Releases<1> kReflectionPad2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "reflection_pad2d_backward_cuda",
                 .note = "the CUDA backward adds each mirrored gradient into its source element "
                         "with float atomics; PyTorch has no deterministic form (F.pad's "
                         "deterministic decomposition covers replicate only). detbench's "
                         "extension gathers each input element's terms in output order"},
      .source = "docstrings of torch.use_deterministic_algorithms in several 2.x versions of "
                "torch/__init__.py (ReflectionPad1d, 2d and 3d backward on CUDA raise in each); "
                "aten/src/ATen/native/cuda/ReflectionPad.cu (alert "
                "reflection_pad2d_backward_cuda); torch/nn/functional.py pad. The releases "
                "2.8 to 2.14 were not each read for this op"}}};
constexpr Releases<1> kGridSampler2dBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "grid_sampler_2d_backward_cuda",
                 .note = "one thread per grid point adds its gradient into the four pixels "
                         "around the point with float atomics, and where the points land is "
                         "data, so any number can share a pixel; PyTorch has no deterministic "
                         "form. detbench's extension indexes the points by cell and gathers "
                         "each pixel's terms in PyTorch's CPU order"},
      .source = "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.14 "
                "(torch.nn.functional.grid_sample raises when differentiating a CUDA tensor, in "
                "the lists with and without kthvalue); aten/src/ATen/native/cuda/"
                "GridSampler.cpp (alert grid_sampler_2d_backward_cuda, atomicAdd in "
                "GridSampler.cu)"}}};
constexpr Releases<1> kNllLoss2dForwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "nll_loss2d_forward_out_cuda_template",
                 .note = "with reduction 'mean' or 'sum', each thread block adds its partial "
                         "loss and weight into the result with atomicAdd (reduction 'none' is "
                         "deterministic); PyTorch has no deterministic form. detbench's "
                         "extension cuts PyTorch's CPU cascade sum into blocks summed in "
                         "parallel and replays the levels above them in order"},
      .source = "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.14 "
                "(torch.nn.NLLLoss raises when called on a CUDA tensor); "
                "aten/src/ATen/native/cuda/NLLLoss2d.cu (alert "
                "nll_loss2d_forward_out_cuda_template for reductions other than 'none'); "
                "aten/src/ATen/native/LossNLL2d.cpp (the CPU cascade sum)"}}};
constexpr Releases<1> kIndexPutAccumulateCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "on CUDA, index_put_ with accumulate=True always takes the sort-based "
                         "index_put_with_sort (deterministic: each row's values in index order); "
                         "the atomic form is a contrast here, and the kernel PyTorch's CPU build "
                         "runs with several threads"},
      .source = "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.14 "
                "(index_put with accumulate=True switches on CPU tensors; on CUDA only "
                "accumulate=False is listed); aten/src/ATen/native/TensorAdvancedIndexing.cpp "
                "_index_put_impl_ (CUDA and accumulate: index_put_with_sort_stub); "
                "aten/src/ATen/native/cpu/IndexKernel.cpp index_put_kernel (parallel "
                "cpu_atomic_add_float unless deterministic)"}}};
constexpr Releases<1> kPutAccumulateCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "put_",
                 .note = "on CUDA, put_ with accumulate=True adds with atomics and raises in "
                         "deterministic mode (PyTorch has no deterministic form there, while its "
                         "CPU kernel goes serial); detbench's extension sorts the contributions "
                         "by element and adds each element's in index order"},
      .source = "docstrings of torch.use_deterministic_algorithms, 2.8 to 2.14 (put_ with "
                "accumulate=True raises on CUDA tensors, switches on CPU tensors); "
                "aten/src/ATen/native/TensorAdvancedIndexing.cpp put_ (alert put_ when "
                "accumulating on CUDA); aten/src/ATen/native/cpu/IndexKernel.cpp put_kernel"}}};
constexpr Releases<1> kHistcCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "_histc_cuda with floating point input",
                 .note =
                     "PyTorch adds 1.0 per value with float atomics and raises in error mode; "
                     "adding 1.0 is exact below 2^24 per bin, so the counts agree run to run in "
                     "practice. detbench's extension counts each bin in index order"},
      .source = "docstring 2.8 to 2.14: torch.histc() on CUDA raises; "
                "aten/src/ATen/native/cuda/SummaryOps.cu (the caller's name)"}}};
// cumsum's traits: the same in every release; the notes say what the docs said.
constexpr DeviceTraits kCumsumTraits{
    .nondeterministicByDefault = true,
    .source = NS::FloatAtomics,
    .errorMode = EM::SwitchesToDeterministic,
    .detbenchExtension = false,
    .atomicContrast = false,
    .pytorchCaller = "",
    .note =
        "the single-pass scan takes each tile's prefix from whichever predecessors have "
        "published theirs (decoupled look-back), so the additions can associate differently "
        "run to run. ATen has not alerted for cumsum since 2.6, although the docstring of "
        "this release still lists torch.cumsum on CUDA as raising; detbench follows the code "
        "and runs its ordered scan in deterministic mode"};
constexpr Releases<2> kCumsumCuda{{
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
constexpr DeviceTraits kMatmulTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .detbenchExtension = false,
    .atomicContrast = true,
    .pytorchCaller = "",
    .note =
        "one cuBLAS GEMM gives the same bits run to run on one stream; several streams "
        "sharing a handle and its workspace may not. Deterministic mode needs "
        "CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8. The atomic form is a split-K contrast, not "
        "PyTorch's default"};
constexpr Releases<2> kMatmulCuda{{
    {.since = Since{2, 8},
     .traits = kMatmulTraits,
     .cublasWorkspaceCheck = true,
     .source = "docstring 2.8 and 2.9: the CUBLAS_WORKSPACE_CONFIG paragraph; "
               "aten/src/ATen/Context.cpp (alertCuBLASConfigNotDeterministic)"},
    {.since = Since{2, 10},
     .traits = withNote(kMatmulTraits,
                        "one cuBLAS GEMM gives the same bits run to run on one stream; several "
                        "streams sharing a handle and its workspace may not. From 2.10 "
                        "deterministic mode no longer checks CUBLAS_WORKSPACE_CONFIG. The atomic "
                        "form is a split-K contrast, not PyTorch's default"),
     .source = "docstring 2.10 to 2.14: no CUBLAS_WORKSPACE_CONFIG paragraph"},
}};
constexpr Releases<1> kBmmSparseCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::AlgorithmChoice,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "PyTorch calls cuSPARSE's SpMM with CUSPARSE_COOMM_ALG1, and with "
                         "CUSPARSE_COOMM_ALG2, which cuSPARSE documents as bitwise deterministic, "
                         "in deterministic mode. detbench's own kernels stand in for the two: "
                         "float atomic adds per nonzero, and one ordered pass per output row"},
      .source = "docstring 2.8 to 2.14 (read: 2.2 and 2.14; the item stands in both): torch.bmm "
                "on sparse-dense CUDA tensors acts deterministically; "
                "aten/src/ATen/native/sparse/cuda/SparseCUDATensorMath.cu (_bmm_out_sparse_cuda "
                "picks ALG2 when deterministicAlgorithms())"}}};
constexpr Releases<1> kConv2dForwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::Autotuning,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note =
                     "every cuDNN forward algorithm is deterministic, but cudnn.benchmark picks "
                     "one by timing, so another run may pick another and get other bits; the "
                     "atomic form is a detbench contrast on cpu-threads only"},
      .source = "docstring 2.8 to 2.14: torch.nn.Conv2d on CUDA acts deterministically"}}};
constexpr Releases<1> kConv2dBackwardDataCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::AlgorithmChoice,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note = "cuDNN may choose an algorithm that adds with atomics (BWD_DATA_ALGO_0); "
                         "cudnn.deterministic or deterministic mode keeps only deterministic "
                         "algorithms"},
      .source = "docstring 2.8 to 2.14: torch.nn.Conv2d on CUDA acts deterministically"}}};
constexpr Releases<1> kConv2dBackwardFilterCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::AlgorithmChoice,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "",
                 .note =
                     "cuDNN may choose an algorithm that adds with atomics (BWD_FILTER_ALGO_0 "
                     "or 3); cudnn.deterministic or deterministic mode keeps only deterministic "
                     "algorithms"},
      .source = "docstring 2.8 to 2.14: torch.nn.Conv2d on CUDA acts deterministically"}}};
// RNN and LSTM through cuDNN: deterministic by PyTorch's account (use_deterministic_algorithms
// does not touch them), with a warning of its own that names CUBLAS_WORKSPACE_CONFIG.
constexpr std::string_view kRnnSource =
    "docs/source/cudnn_rnn_determinism.rst, 1.12 to 2.12 (the warning in torch.nn.RNN and "
    "torch.nn.LSTM): known nondeterminism on some cuDNN and CUDA versions, CUBLAS_WORKSPACE_CONFIG="
    ":16:8 or :4096:2 on CUDA 10.2 or later; aten/src/ATen/native/cudnn/RNN.cpp (no alert; the "
    "cuBLAS configuration check is in aten/src/ATen/cuda/CUDABlas.cpp, which cuDNN does not call)";
constexpr DeviceTraits kRnnTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .detbenchExtension = false,
    .atomicContrast = true,
    .pytorchCaller = "",
    .note =
        "PyTorch runs cuDNN's RNN API and deterministic mode changes nothing; its documentation "
        "warns of nondeterministic RNNs and LSTMs on some cuDNN and CUDA versions and asks for "
        "CUBLAS_WORKSPACE_CONFIG=:16:8 or :4096:2 (cuDNN calls cuBLAS inside), a setting "
        "deterministic mode does not check for these ops. Whether the bits repeat on a GPU is "
        "what a run measures. The atomic form is a detbench contrast on cpu-threads only"};
constexpr Releases<1> kRnnCuda{
    {{.since = Since{2, 8}, .traits = kRnnTraits, .source = kRnnSource}}};
constexpr Releases<1> kRandomCuda{
    {{.since = Since{2, 8}, .traits = kGpuRandom, .source = kRandomSource}}};

// An op as the table holds it: what does not change, and its CUDA traits by release.
struct OpEntry {
  std::string_view name;
  std::string_view pytorchApi;
  std::string_view summary;
  DeviceTraits cpu;
  std::span<const CudaReleaseTraits> cuda;
  bool cublas = false;
  bool cudnn = false;
  std::string_view batchInvariance = {};
};

constexpr std::array kCatalog{
    OpEntry{.name = "index_add",
            .pytorchApi = "torch.Tensor.index_add_(0, index, source)",
            .summary = "out[index[i], :] += source[i, :] along dim 0, rows of D columns",
            .cpu = kCpuDeterministic,
            .cuda = kIndexAddCuda},
    OpEntry{.name = "scatter_add",
            .pytorchApi = "torch.Tensor.scatter_add_(dim, index, src)",
            .summary = "out[index[i]] += src[i] (1-D), or along dim 0 or 1 of a 2-D tensor",
            .cpu = kCpuDeterministic,
            .cuda = kScatterAddCuda},
    OpEntry{.name = "index_put_accumulate",
            .pytorchApi = "torch.Tensor.index_put_((indices,), values, accumulate=True)",
            .summary = "self[indices[i], :] += values[i, :]: index_add's sum, PyTorch's other "
                       "treatment",
            .cpu = kCpuParallelAtomics,
            .cuda = kIndexPutAccumulateCuda},
    OpEntry{.name = "put_accumulate",
            .pytorchApi = "torch.Tensor.put_(index, source, accumulate=True)",
            .summary = "each source value added into the element of the flattened self that its "
                       "index names",
            .cpu = kCpuParallelAtomics,
            .cuda = kPutAccumulateCuda},
    OpEntry{.name = "scatter_reduce_sum",
            .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'sum')",
            .summary = "out[index[i]] += src[i] over a 1-D tensor, self included",
            .cpu = kCpuDeterministic,
            .cuda = kScatterReduceSumCuda},
    OpEntry{.name = "scatter_reduce_mean",
            .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'mean')",
            .summary = "the mean of self and the src values scattered to each element (1-D)",
            .cpu = kCpuDeterministic,
            .cuda = kScatterReduceMeanCuda},
    OpEntry{.name = "scatter_reduce_amax",
            .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'amax')",
            .summary = "the largest of self and the src values scattered to each element (1-D)",
            .cpu = kCpuDeterministic,
            .cuda = kScatterReduceAmaxCuda},
    OpEntry{.name = "scatter_reduce_prod",
            .pytorchApi = "torch.Tensor.scatter_reduce_(0, index, src, 'prod')",
            .summary = "the product of self and the src values scattered to each element (1-D)",
            .cpu = kCpuDeterministic,
            .cuda = kScatterReduceProdCuda},
    OpEntry{.name = "bincount",
            .pytorchApi = "torch.bincount(input)",
            .summary = "counts of each value, without weights",
            .cpu = kCpuDeterministic,
            .cuda = kBincountCuda},
    OpEntry{.name = "bincount_weighted",
            .pytorchApi = "torch.bincount(input, weights)",
            .summary = "sum of float weights per value",
            .cpu = kCpuDeterministic,
            .cuda = kBincountWeightedCuda},
    OpEntry{.name = "embedding_bag_backward",
            .pytorchApi = "torch.nn.functional.embedding_bag(mode='sum'|'mean') backward",
            .summary = "gradient of the embedding table: each bag's gradient added to its rows",
            .cpu = kCpuDeterministic,
            .cuda = kEmbeddingBagBackwardCuda},
    OpEntry{.name = "sum",
            .pytorchApi = "torch.sum(input)",
            .summary = "sum of all elements to a scalar",
            .cpu = kCpuDeterministic,
            .cuda = kSumCuda},
    OpEntry{.name = "rms_norm",
            .pytorchApi = "torch.nn.functional.rms_norm(x, [cols], weight)",
            .summary = "each row scaled by the inverse root mean square of its elements, times "
                       "a weight per column",
            .cpu = kCpuDeterministic,
            .cuda = kRmsNormCuda,
            .batchInvariance =
                "run to run only: the default splits each row over threads (cpu-threads) or "
                "blocks (cuda) when the batch cannot fill them; batch_invariant=1 promises batch "
                "invariance (one order per row), and on cpu-threads thread-count invariance and "
                "the cpu device's bits"},
    OpEntry{.name = "softmax",
            .pytorchApi = "torch.softmax(x, dim=1), torch.log_softmax(x, dim=1) with log=1",
            .summary = "each row's exponentials over their sum (or its logarithm): the "
                       "probabilities of a row of logits",
            .cpu = kCpuDeterministic,
            .cuda = kSoftmaxCuda,
            .batchInvariance =
                "run to run only: the default splits each row's sum over threads (cpu-threads) "
                "or blocks (cuda) when the batch cannot fill them; batch_invariant=1 promises "
                "batch invariance (one order per row), and on cpu-threads thread-count "
                "invariance and the cpu device's bits"},
    OpEntry{.name = "decode_attention",
            .pytorchApi = "torch.nn.functional.scaled_dot_product_attention(q, k, v) with one "
                          "query per sequence (a decoding step over a KV cache)",
            .summary = "each sequence's query attends to its cached keys and values, head by "
                       "head",
            .cpu = kCpuDeterministic,
            .cuda = kDecodeAttentionCuda,
            .batchInvariance =
                "run to run only: the default splits the KV cache into as many parts as fill "
                "the threads (cpu-threads) or the device (cuda), a count that depends on the "
                "batch; batch_invariant=1 splits by a fixed size (256 keys) and promises batch "
                "invariance, and on cpu-threads thread-count invariance"},
    OpEntry{.name = "nll_loss2d_forward",
            .pytorchApi = "torch.nn.functional.nll_loss on [N, C, H, W] scores, reduction "
                          "'mean' or 'sum'",
            .summary = "the negative log-likelihood of every pixel's target class, weighted, "
                       "summed to one loss",
            .cpu = kCpuDeterministic,
            .cuda = kNllLoss2dForwardCuda},
    OpEntry{.name = "ctc_loss_backward",
            .pytorchApi = "torch.nn.functional.ctc_loss(log_probs, targets, input_lengths, "
                          "target_lengths, reduction='sum') backward",
            .summary = "gradient of the CTC loss with respect to the log-probabilities: each "
                       "class's share of every alignment of the target, step by step",
            .cpu = kCpuDeterministic,
            .cuda = kCtcLossBackwardCuda},
    OpEntry{.name = "max_pool2d_backward",
            .pytorchApi = "torch.nn.functional.max_pool2d backward (overlapping windows)",
            .summary = "gradient routed to each window's argmax; windows overlap",
            .cpu = kCpuDeterministic,
            .cuda = kMaxPool2dBackwardCuda},
    OpEntry{.name = "upsample_linear1d_backward",
            .pytorchApi = "torch.nn.functional.interpolate(mode='linear') backward",
            .summary = "each output gradient spread over its two source positions",
            .cpu = kCpuDeterministic,
            .cuda = kUpsampleLinear1dBackwardCuda},
    OpEntry{.name = "upsample_bilinear2d_backward",
            .pytorchApi = "torch.nn.functional.interpolate(mode='bilinear') backward",
            .summary = "each output gradient spread over its four source pixels",
            .cpu = kCpuDeterministic,
            .cuda = kUpsampleBilinear2dBackwardCuda},
    OpEntry{.name = "upsample_bicubic2d_backward",
            .pytorchApi = "torch.nn.functional.interpolate(mode='bicubic') backward",
            .summary = "each output gradient spread over its 4 x 4 source pixels with cubic "
                       "weights, edge taps clamped",
            .cpu = kCpuDeterministic,
            .cuda = kUpsampleBicubic2dBackwardCuda},
    OpEntry{.name = "upsample_trilinear3d_backward",
            .pytorchApi = "torch.nn.functional.interpolate(mode='trilinear') backward",
            .summary = "each output gradient spread over its eight source voxels",
            .cpu = kCpuDeterministic,
            .cuda = kUpsampleTrilinear3dBackwardCuda},
    OpEntry{.name = "avg_pool3d_backward",
            .pytorchApi = "torch.nn.functional.avg_pool3d backward",
            .summary = "each output gradient spread evenly over its (overlapping) window",
            .cpu = kCpuDeterministic,
            .cuda = kAvgPool3dBackwardCuda},
    OpEntry{.name = "adaptive_avg_pool2d_backward",
            .pytorchApi = "torch.nn.functional.adaptive_avg_pool2d backward",
            .summary = "each output gradient spread over its adaptive (overlapping) window",
            .cpu = kCpuDeterministic,
            .cuda = kAdaptiveAvgPool2dBackwardCuda},
    OpEntry{.name = "replication_pad2d_backward",
            .pytorchApi = "torch.nn.functional.pad(mode='replicate') backward, 2-D",
            .summary = "each padded gradient added into the edge element it was copied from",
            .cpu = kCpuDeterministic,
            .cuda = kReplicationPad2dBackwardCuda},
    OpEntry{.name = "reflection_pad2d_backward",
            .pytorchApi = "torch.nn.functional.pad(mode='reflect') backward, 2-D",
            .summary = "each padded gradient added into the input element its position mirrors",
            .cpu = kCpuDeterministic,
            .cuda = kReflectionPad2dBackwardCuda},
    OpEntry{.name = "grid_sampler_2d_backward",
            .pytorchApi = "torch.nn.functional.grid_sample(mode='bilinear', "
                          "padding_mode='zeros') backward, input gradient",
            .summary = "each output gradient spread over the four input pixels around the "
                       "point its grid entry names",
            .cpu = kCpuDeterministic,
            .cuda = kGridSampler2dBackwardCuda},
    OpEntry{.name = "histc",
            .pytorchApi = "torch.histc(input, bins, min=-1, max=1)",
            .summary = "counts of float values in equal-width bins",
            .cpu = kCpuDeterministic,
            .cuda = kHistcCuda},
    OpEntry{.name = "cumsum",
            .pytorchApi = "torch.cumsum(input, 0)",
            .summary = "running sum of a float vector",
            .cpu = kCpuDeterministic,
            .cuda = kCumsumCuda},
    OpEntry{
        .name = "matmul",
        .pytorchApi = "torch.matmul(a, b)",
        .summary = "float32 matrix product through cuBLAS, optionally on several streams at once",
        .cpu = kCpuDeterministic,
        .cuda = kMatmulCuda,
        .cublas = true,
        .batchInvariance =
            "run to run only: on cpu-threads the default splits k when the batch leaves threads "
            "idle, and on cuda cuBLAS's heuristic picks its algorithm and split-K per shape; "
            "batch_invariant=1 promises batch, thread-count and device invariance (every row in "
            "k order: the cpu device's bits)"},
    OpEntry{.name = "bmm_sparse",
            .pytorchApi = "torch.bmm(sparse_coo, dense)",
            .summary = "batched product of sparse COO matrices and dense matrices",
            .cpu = kCpuDeterministic,
            .cuda = kBmmSparseCuda},
    OpEntry{.name = "conv2d_forward",
            .pytorchApi = "torch.nn.functional.conv2d(input, weight, stride, padding)",
            .summary = "2-D convolution through cuDNN (NCHW, float32)",
            .cpu = kCpuDeterministic,
            .cuda = kConv2dForwardCuda,
            .cudnn = true},
    OpEntry{.name = "conv2d_backward_data",
            .pytorchApi = "torch.nn.functional.conv2d backward, gradient of the input",
            .summary = "gradient of a 2-D convolution's input through cuDNN",
            .cpu = kCpuDeterministic,
            .cuda = kConv2dBackwardDataCuda,
            .cudnn = true},
    OpEntry{.name = "conv2d_backward_filter",
            .pytorchApi = "torch.nn.functional.conv2d backward, gradient of the weight",
            .summary = "gradient of a 2-D convolution's weight through cuDNN",
            .cpu = kCpuDeterministic,
            .cuda = kConv2dBackwardFilterCuda,
            .cudnn = true},
    OpEntry{.name = "rnn_forward",
            .pytorchApi = "torch.nn.LSTM(input, hidden)(x), or torch.nn.RNN (tanh)",
            .summary = "one-layer RNN or LSTM over a sequence through cuDNN's RNN API: every "
                       "step's output",
            .cpu = kCpuDeterministic,
            .cuda = kRnnCuda,
            .cudnn = true},
    OpEntry{.name = "rnn_backward_weights",
            .pytorchApi = "torch.nn.LSTM(input, hidden)(x).backward(dy), or torch.nn.RNN",
            .summary = "the weight gradients of a one-layer RNN or LSTM (forward, backward "
                       "through time, weights) through cuDNN's RNN API",
            .cpu = kCpuDeterministic,
            .cuda = kRnnCuda,
            .cudnn = true},
    OpEntry{.name = "rand",
            .pytorchApi = "torch.manual_seed(seed); torch.rand(size)",
            .summary = "uniform random numbers in [0, 1)",
            .cpu = kCpuRandom,
            .cuda = kRandomCuda},
    OpEntry{.name = "randn",
            .pytorchApi = "torch.manual_seed(seed); torch.randn(size)",
            .summary = "standard normal random numbers",
            .cpu = kCpuRandom,
            .cuda = kRandomCuda},
    OpEntry{.name = "dropout",
            .pytorchApi = "torch.manual_seed(seed); torch.nn.functional.dropout(input, p)",
            .summary = "zero each element with probability p, scale the rest by 1 / (1 - p)",
            .cpu = kCpuRandom,
            .cuda = kRandomCuda},
};

// The catalog lists the ops of OpList.hpp, in its order: an op added there without its
// catalog entry (or the other way round) does not compile.
constexpr bool catalogFollowsTheOpList() {
  if (kCatalog.size() != kOpNames.size()) return false;
  for (std::size_t i = 0; i < kCatalog.size(); ++i) {
    if (kCatalog[i].name != kOpNames[i]) return false;
  }
  return true;
}
static_assert(catalogFollowsTheOpList(),
              "core/src/catalog/OpCatalog.cpp must list the ops of OpList.hpp, in the same order");

// Every op's first CUDA entry is the catalog's oldest release, and the entries rise.
constexpr bool everyOpCoversEveryRelease() {
  for (const auto& op : kCatalog) {
    if (op.cuda.empty() || op.cuda.front().since != Since{2, 8}) return false;
    for (std::size_t i = 1; i < op.cuda.size(); ++i) {
      if (!(op.cuda[i - 1].since < op.cuda[i].since)) return false;
    }
  }
  return true;
}
static_assert(everyOpCoversEveryRelease(),
              "each op's CUDA entries start at 2.8 and are in release order");

const CudaReleaseTraits& cudaEntryFor(const OpEntry& op, PyTorchRelease release) {
  const CudaReleaseTraits* found = &op.cuda.front();
  for (const auto& e : op.cuda) {
    if (e.since <= release) found = &e;
  }
  return *found;
}

OpTraits resolve(const OpEntry& op, PyTorchRelease release) {
  const CudaReleaseTraits& e = cudaEntryFor(op, release);
  return OpTraits{.name = op.name,
                  .pytorchApi = op.pytorchApi,
                  .summary = op.summary,
                  .cpu = op.cpu,
                  .cuda = e.traits,
                  .cublas = op.cublas,
                  .cublasWorkspaceCheck = e.cublasWorkspaceCheck,
                  .cudnn = op.cudnn,
                  .batchInvariance = op.batchInvariance,
                  .release = release,
                  .cudaSince = e.since,
                  .cudaSource = e.source};
}

// One resolved table per release, made once.
const std::vector<std::vector<OpTraits>>& resolvedTables() {
  static const std::vector<std::vector<OpTraits>> tables = [] {
    std::vector<std::vector<OpTraits>> t;
    for (const PyTorchRelease r : catalogReleases()) {
      std::vector<OpTraits> ops;
      ops.reserve(kCatalog.size());
      for (const auto& op : kCatalog) ops.push_back(resolve(op, r));
      t.push_back(std::move(ops));
    }
    return t;
  }();
  return tables;
}

std::string callerText(std::string_view caller) {
  return caller.empty() ? std::string("none") : std::string(caller);
}

std::string yesNo(bool value) {
  return value ? "yes" : "no";
}

std::vector<TraitsField> fieldsBetween(const OpTraits& a, const OpTraits& b) {
  std::vector<TraitsField> f;
  if (a.cuda.errorMode != b.cuda.errorMode) f.push_back(TraitsField::DeterministicMode);
  if (a.cuda.nondeterministicByDefault != b.cuda.nondeterministicByDefault)
    f.push_back(TraitsField::NondeterministicByDefault);
  if (a.cuda.pytorchCaller != b.cuda.pytorchCaller) f.push_back(TraitsField::AlertCaller);
  if (a.cublasWorkspaceCheck != b.cublasWorkspaceCheck)
    f.push_back(TraitsField::CublasWorkspaceCheck);
  if (a.cuda.detbenchExtension != b.cuda.detbenchExtension)
    f.push_back(TraitsField::DetbenchExtension);
  if (a.cuda.note != b.cuda.note) f.push_back(TraitsField::Note);
  return f;
}

std::string sentenceFor(const OpTraits& a, const OpTraits& b, TraitsField field) {
  const auto change = [](const char* what, const std::string& x, const std::string& y) {
    std::string line(what);
    line.append(": ").append(x).append(" -> ").append(y);
    return line;
  };
  switch (field) {
    case TraitsField::DeterministicMode:
      return change("deterministic mode", std::string(describe(a.cuda.errorMode)),
                    std::string(describe(b.cuda.errorMode)));
    case TraitsField::NondeterministicByDefault:
      return change("nondeterministic by default", yesNo(a.cuda.nondeterministicByDefault),
                    yesNo(b.cuda.nondeterministicByDefault));
    case TraitsField::AlertCaller:
      return change("alert caller", callerText(a.cuda.pytorchCaller),
                    callerText(b.cuda.pytorchCaller));
    case TraitsField::CublasWorkspaceCheck:
      return change("CUBLAS_WORKSPACE_CONFIG checked in deterministic mode",
                    yesNo(a.cublasWorkspaceCheck), yesNo(b.cublasWorkspaceCheck));
    case TraitsField::DetbenchExtension:
      return change("detbench extension", yesNo(a.cuda.detbenchExtension),
                    yesNo(b.cuda.detbenchExtension));
    case TraitsField::Note:
      return "note: " + std::string(b.cuda.note);
  }
  return {};
}

std::size_t releaseIndex(PyTorchRelease release) {
  const auto releases = catalogReleases();
  const auto it = std::find(releases.begin(), releases.end(), release);
  if (it == releases.end()) {
    std::string m("the catalog has no PyTorch ");
    m.append(toString(release)).append(" (it holds ").append(toString(oldestCatalogRelease()));
    m.append(" to ").append(toString(newestCatalogRelease())).append(")");
    DETBENCH_THROW(InvalidArgument, m);
  }
  return static_cast<std::size_t>(it - releases.begin());
}

}  // namespace

std::span<const OpTraits> opCatalog(PyTorchRelease release) {
  return resolvedTables()[releaseIndex(release)];
}

const OpTraits* findOpTraits(std::string_view name, PyTorchRelease release) {
  for (const auto& op : opCatalog(release)) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

std::vector<CatalogChange> catalogChanges(PyTorchRelease from, PyTorchRelease to) {
  const std::size_t a = releaseIndex(from), b = releaseIndex(to);
  DETBENCH_CHECK_ARG(
      a <= b, "the older release comes first (" + toString(from) + ".." + toString(to) + ")");
  const auto& tables = resolvedTables();
  const auto releases = catalogReleases();
  std::vector<CatalogChange> changes;
  for (std::size_t i = 0; i < kCatalog.size(); ++i) {
    CatalogChange c{&tables[a][i], &tables[b][i], {}, {}, {}};
    for (std::size_t r = a + 1; r <= b; ++r) {
      if (tables[r][i].cudaSince != tables[r - 1][i].cudaSince) c.changedIn.push_back(releases[r]);
    }
    if (c.changedIn.empty()) continue;
    c.fields = fieldsBetween(*c.before, *c.after);
    for (const TraitsField field : c.fields) {
      c.differences.push_back(sentenceFor(*c.before, *c.after, field));
    }
    changes.push_back(std::move(c));
  }
  return changes;
}

bool hasFloat64Reference(std::string_view op) {
  const OpTraits* t = findOpTraits(op);
  return t == nullptr || t->cuda.source != NS::Rng;
}

std::string_view toString(NondeterminismSource source) {
  switch (source) {
    case NS::None:
      return "none";
    case NS::FloatAtomics:
      return "float_atomics";
    case NS::IntegerAtomics:
      return "integer_atomics";
    case NS::OrderFreeAtomics:
      return "order_free_atomics";
    case NS::AlgorithmChoice:
      return "algorithm_choice";
    case NS::Autotuning:
      return "autotuning";
    case NS::Rng:
      return "rng";
  }
  return "none";
}

std::string_view toString(ErrorModeBehavior behavior) {
  switch (behavior) {
    case EM::Runs:
      return "runs";
    case EM::SwitchesToDeterministic:
      return "switches_to_deterministic";
    case EM::Raises:
      return "raises";
  }
  return "runs";
}

std::string_view describe(ErrorModeBehavior behavior) {
  switch (behavior) {
    case EM::Runs:
      return "runs as is";
    case EM::SwitchesToDeterministic:
      return "switches to deterministic";
    case EM::Raises:
      return "raises (warn mode: warns)";
  }
  return "runs as is";
}

}  // namespace detbench
