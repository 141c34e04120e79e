#include "detbench/OpCatalog.hpp"

#include <array>

#include "detbench/OpList.hpp"

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
constexpr std::string_view kGpuRandomNote =
    "a counter-based Philox generator, as on CUDA: the same seed gives the same numbers, but "
    "other numbers than the CPU generator gives for that seed; without a seed each trial gets "
    "other numbers";

// The table. Sources: the documentation of torch.use_deterministic_algorithms (release
// kCatalogRelease), the lists "will use deterministic algorithms" and "will throw a
// RuntimeError", and the alerts in ATen's CUDA kernels.
constexpr std::array kCatalog{
    OpTraits{
        .name = "index_add",
        .pytorchApi = "torch.Tensor.index_add_(0, index, source)",
        .summary = "out[index[i], :] += source[i, :] along dim 0, rows of D columns",
        .cpu = kCpuDeterministic,
        .cuda = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "index_add_cuda_",
                 .note =
                     "deterministic mode sorts the indices and reduces each run in index order"}},
    OpTraits{
        .name = "scatter_add",
        .pytorchApi = "torch.Tensor.scatter_add_(dim, index, src)",
        .summary = "out[index[i]] += src[i] (1-D), or along dim 0 or 1 of a 2-D tensor",
        .cpu = kCpuDeterministic,
        .cuda = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::SwitchesToDeterministic,
                 .detbenchExtension = false,
                 .atomicContrast = false,
                 .pytorchCaller = "scatter_add_cuda_kernel",
                 .note =
                     "deterministic mode sorts the indices and reduces each run in index order"}},
    OpTraits{
        .name = "bincount",
        .pytorchApi = "torch.bincount(input)",
        .summary = "counts of each value, without weights",
        .cpu = kCpuDeterministic,
        .cuda =
            {.nondeterministicByDefault = false,
             .source = NS::IntegerAtomics,
             .errorMode = EM::Runs,
             .detbenchExtension = false,
             .atomicContrast = false,
             .pytorchCaller = "",
             .note =
                 "integer atomics: the order of the adds varies but integer addition is exact"}},
    OpTraits{.name = "bincount_weighted",
             .pytorchApi = "torch.bincount(input, weights)",
             .summary = "sum of float weights per value",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = true,
                      .source = NS::FloatAtomics,
                      .errorMode = EM::Raises,
                      .detbenchExtension = true,
                      .atomicContrast = false,
                      .pytorchCaller = "_bincount_cuda",
                      .note = "PyTorch has no deterministic form with weights; detbench's "
                              "extension reduces each bin in index order"}},
    OpTraits{.name = "embedding_bag_backward",
             .pytorchApi = "torch.nn.functional.embedding_bag(mode='sum'|'mean') backward",
             .summary = "gradient of the embedding table: each bag's gradient added to its rows",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::None,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = true,
                      .pytorchCaller = "",
                      .note = "PyTorch's CUDA kernel sorts the indices (deterministic) for sum and "
                              "mean; the atomic form is a contrast, not PyTorch's default"}},
    OpTraits{.name = "sum",
             .pytorchApi = "torch.sum(input)",
             .summary = "sum of all elements to a scalar",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::None,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = true,
                      .pytorchCaller = "",
                      .note = "PyTorch reduces in a fixed tree (deterministic); the "
                              "atomic-partials form is a contrast, not PyTorch's default"}},
    OpTraits{.name = "max_pool2d_backward",
             .pytorchApi = "torch.nn.functional.max_pool2d backward (overlapping windows)",
             .summary = "gradient routed to each window's argmax; windows overlap",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::None,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = true,
                      .pytorchCaller = "",
                      .note = "PyTorch's CUDA kernel gathers per input element (deterministic); "
                              "the atomic scatter form is a contrast, not PyTorch's default"}},
    OpTraits{.name = "upsample_bilinear2d_backward",
             .pytorchApi = "torch.nn.functional.interpolate(mode='bilinear') backward",
             .summary = "each output gradient spread over its four source pixels",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = true,
                      .source = NS::FloatAtomics,
                      .errorMode = EM::Raises,
                      .detbenchExtension = true,
                      .atomicContrast = false,
                      .pytorchCaller = "upsample_bilinear2d_backward_out_cuda",
                      .note = "PyTorch has no deterministic form; detbench's extension reduces "
                              "each plane in a fixed order"}},
    OpTraits{.name = "avg_pool3d_backward",
             .pytorchApi = "torch.nn.functional.avg_pool3d backward",
             .summary = "each output gradient spread evenly over its (overlapping) window",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = true,
                      .source = NS::FloatAtomics,
                      .errorMode = EM::Raises,
                      .detbenchExtension = true,
                      .atomicContrast = false,
                      .pytorchCaller = "avg_pool3d_backward_cuda",
                      .note = "PyTorch has no deterministic form; detbench's extension reduces "
                              "each plane in a fixed order"}},
    OpTraits{.name = "adaptive_avg_pool2d_backward",
             .pytorchApi = "torch.nn.functional.adaptive_avg_pool2d backward",
             .summary = "each output gradient spread over its adaptive (overlapping) window",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = true,
                      .source = NS::FloatAtomics,
                      .errorMode = EM::Raises,
                      .detbenchExtension = true,
                      .atomicContrast = false,
                      .pytorchCaller = "adaptive_avg_pool2d_backward_cuda",
                      .note = "PyTorch has no deterministic form; detbench's extension reduces "
                              "each plane in a fixed order"}},
    OpTraits{
        .name = "histc",
        .pytorchApi = "torch.histc(input, bins, min=-1, max=1)",
        .summary = "counts of float values in equal-width bins",
        .cpu = kCpuDeterministic,
        .cuda = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "_histc_cuda",
                 .note = "PyTorch adds 1.0 per value with float atomics and raises in error mode; "
                         "adding 1.0 is exact below 2^24 per bin, so the counts agree run to run "
                         "in practice. detbench's extension counts each bin in index order"}},
    OpTraits{
        .name = "cumsum",
        .pytorchApi = "torch.cumsum(input, 0)",
        .summary = "running sum of a float vector",
        .cpu = kCpuDeterministic,
        .cuda = {.nondeterministicByDefault = true,
                 .source = NS::FloatAtomics,
                 .errorMode = EM::Raises,
                 .detbenchExtension = true,
                 .atomicContrast = false,
                 .pytorchCaller = "cumsum_cuda_kernel",
                 .note =
                     "the single-pass scan takes each tile's prefix from whichever predecessors "
                     "have published theirs (decoupled look-back), so the additions associate "
                     "differently run to run; detbench's extension combines the tiles in order"}},
    OpTraits{
        .name = "matmul",
        .pytorchApi = "torch.matmul(a, b)",
        .summary = "float32 matrix product through cuBLAS, optionally on several streams at once",
        .cpu = kCpuDeterministic,
        .cuda = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .detbenchExtension = false,
                 .atomicContrast = true,
                 .pytorchCaller = "",
                 .note = "one cuBLAS GEMM gives the same bits run to run on one stream; several "
                         "streams sharing a handle and its workspace may not. Deterministic mode "
                         "needs CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8 (PyTorch up to 2.8). The "
                         "atomic form is a split-K contrast, not PyTorch's default"},
        .cublas = true},
    OpTraits{.name = "conv2d_forward",
             .pytorchApi = "torch.nn.functional.conv2d(input, weight, stride, padding)",
             .summary = "2-D convolution through cuDNN (NCHW, float32)",
             .cpu = kCpuDeterministic,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::Autotuning,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = true,
                      .pytorchCaller = "",
                      .note = "every cuDNN forward algorithm is deterministic, but cudnn.benchmark "
                              "picks one by timing, so another run may pick another and get other "
                              "bits; the atomic form is a detbench contrast on cpu-threads only"},
             .cudnn = true},
    OpTraits{
        .name = "conv2d_backward_data",
        .pytorchApi = "torch.nn.functional.conv2d backward, gradient of the input",
        .summary = "gradient of a 2-D convolution's input through cuDNN",
        .cpu = kCpuDeterministic,
        .cuda =
            {.nondeterministicByDefault = true,
             .source = NS::AlgorithmChoice,
             .errorMode = EM::SwitchesToDeterministic,
             .detbenchExtension = false,
             .atomicContrast = false,
             .pytorchCaller = "",
             .note =
                 "cuDNN may choose an algorithm that adds with atomics (BWD_DATA_ALGO_0); "
                 "cudnn.deterministic or deterministic mode keeps only deterministic algorithms"},
        .cudnn = true},
    OpTraits{
        .name = "conv2d_backward_filter",
        .pytorchApi = "torch.nn.functional.conv2d backward, gradient of the weight",
        .summary = "gradient of a 2-D convolution's weight through cuDNN",
        .cpu = kCpuDeterministic,
        .cuda =
            {.nondeterministicByDefault = true,
             .source = NS::AlgorithmChoice,
             .errorMode = EM::SwitchesToDeterministic,
             .detbenchExtension = false,
             .atomicContrast = false,
             .pytorchCaller = "",
             .note =
                 "cuDNN may choose an algorithm that adds with atomics (BWD_FILTER_ALGO_0 or 3); "
                 "cudnn.deterministic or deterministic mode keeps only deterministic algorithms"},
        .cudnn = true},
    OpTraits{.name = "rand",
             .pytorchApi = "torch.manual_seed(seed); torch.rand(size)",
             .summary = "uniform random numbers in [0, 1)",
             .cpu = kCpuRandom,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::Rng,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = false,
                      .pytorchCaller = "",
                      .note = kGpuRandomNote}},
    OpTraits{.name = "randn",
             .pytorchApi = "torch.manual_seed(seed); torch.randn(size)",
             .summary = "standard normal random numbers",
             .cpu = kCpuRandom,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::Rng,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = false,
                      .pytorchCaller = "",
                      .note = kGpuRandomNote}},
    OpTraits{.name = "dropout",
             .pytorchApi = "torch.manual_seed(seed); torch.nn.functional.dropout(input, p)",
             .summary = "zero each element with probability p, scale the rest by 1 / (1 - p)",
             .cpu = kCpuRandom,
             .cuda = {.nondeterministicByDefault = false,
                      .source = NS::Rng,
                      .errorMode = EM::Runs,
                      .detbenchExtension = false,
                      .atomicContrast = false,
                      .pytorchCaller = "",
                      .note = kGpuRandomNote}},
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
              "core/src/OpCatalog.cpp must list the ops of OpList.hpp, in the same order");

}  // namespace

std::span<const OpTraits> opCatalog() {
  return kCatalog;
}

const OpTraits* findOpTraits(std::string_view name) {
  for (const auto& op : kCatalog) {
    if (op.name == name) return &op;
  }
  return nullptr;
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

}  // namespace detbench
