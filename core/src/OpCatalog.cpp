#include "detbench/OpCatalog.hpp"

#include <array>

namespace detbench {

namespace {

using NS = NondeterminismSource;
using EM = ErrorModeBehavior;

// PyTorch's CPU kernels for every op below add in a fixed order: deterministic.
constexpr DeviceTraits kCpuDeterministic{false, NS::None, EM::Runs, false, false, "", ""};

// Random numbers repeat exactly when the seed is set, and only then.
constexpr DeviceTraits kCpuRandom{
    false,
    NS::Rng,
    EM::Runs,
    false,
    false,
    "",
    "PyTorch's CPU generator (Mersenne Twister), reproduced bit for bit: the same seed gives the "
    "same numbers; without a seed each trial (a fresh process) gets other numbers"};
constexpr std::string_view kGpuRandomNote =
    "a counter-based Philox generator, as on CUDA: the same seed gives the same numbers, but "
    "other numbers than the CPU generator gives for that seed; without a seed each trial gets "
    "other numbers";

// The table. Sources: the documentation of torch.use_deterministic_algorithms (release
// kCatalogRelease), the lists "will use deterministic algorithms" and "will throw a
// RuntimeError", and the alerts in ATen's CUDA kernels.
constexpr std::array kCatalog{
    OpTraits{"index_add",
             "torch.Tensor.index_add_(0, index, source)",
             "out[index[i], :] += source[i, :] along dim 0, rows of D columns",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::SwitchesToDeterministic, false, false, "index_add_cuda_",
              "deterministic mode sorts the indices and reduces each run in index order"}},
    OpTraits{"scatter_add",
             "torch.Tensor.scatter_add_(dim, index, src)",
             "out[index[i]] += src[i] (1-D), or along dim 0 or 1 of a 2-D tensor",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::SwitchesToDeterministic, false, false,
              "scatter_add_cuda_kernel",
              "deterministic mode sorts the indices and reduces each run in index order"}},
    OpTraits{"bincount",
             "torch.bincount(input)",
             "counts of each value, without weights",
             kCpuDeterministic,
             {false, NS::IntegerAtomics, EM::Runs, false, false, "",
              "integer atomics: the order of the adds varies but integer addition is exact"}},
    OpTraits{"bincount_weighted",
             "torch.bincount(input, weights)",
             "sum of float weights per value",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::Raises, true, false, "_bincount_cuda",
              "PyTorch has no deterministic form with weights; detbench's extension reduces each "
              "bin in index order"}},
    OpTraits{
        "embedding_bag_backward",
        "torch.nn.functional.embedding_bag(mode='sum'|'mean') backward",
        "gradient of the embedding table: each bag's gradient added to its rows",
        kCpuDeterministic,
        {false, NS::None, EM::Runs, false, true, "",
         "PyTorch's CUDA kernel sorts the indices (deterministic) for sum and mean; the atomic "
         "form is a contrast, not PyTorch's default"}},
    OpTraits{"sum",
             "torch.sum(input)",
             "sum of all elements to a scalar",
             kCpuDeterministic,
             {false, NS::None, EM::Runs, false, true, "",
              "PyTorch reduces in a fixed tree (deterministic); the atomic-partials form is a "
              "contrast, not PyTorch's default"}},
    OpTraits{"max_pool2d_backward",
             "torch.nn.functional.max_pool2d backward (overlapping windows)",
             "gradient routed to each window's argmax; windows overlap",
             kCpuDeterministic,
             {false, NS::None, EM::Runs, false, true, "",
              "PyTorch's CUDA kernel gathers per input element (deterministic); the atomic "
              "scatter form is a contrast, not PyTorch's default"}},
    OpTraits{
        "upsample_bilinear2d_backward",
        "torch.nn.functional.interpolate(mode='bilinear') backward",
        "each output gradient spread over its four source pixels",
        kCpuDeterministic,
        {true, NS::FloatAtomics, EM::Raises, true, false, "upsample_bilinear2d_backward_out_cuda",
         "PyTorch has no deterministic form; detbench's extension reduces each plane in a "
         "fixed order"}},
    OpTraits{"avg_pool3d_backward",
             "torch.nn.functional.avg_pool3d backward",
             "each output gradient spread evenly over its (overlapping) window",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::Raises, true, false, "avg_pool3d_backward_cuda",
              "PyTorch has no deterministic form; detbench's extension reduces each plane in a "
              "fixed order"}},
    OpTraits{"adaptive_avg_pool2d_backward",
             "torch.nn.functional.adaptive_avg_pool2d backward",
             "each output gradient spread over its adaptive (overlapping) window",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::Raises, true, false, "adaptive_avg_pool2d_backward_cuda",
              "PyTorch has no deterministic form; detbench's extension reduces each plane in a "
              "fixed order"}},
    OpTraits{"histc",
             "torch.histc(input, bins, min=-1, max=1)",
             "counts of float values in equal-width bins",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::Raises, true, false, "_histc_cuda",
              "PyTorch adds 1.0 per value with float atomics and raises in error mode; adding "
              "1.0 is exact below 2^24 per bin, so the counts agree run to run in practice. "
              "detbench's extension counts each bin in index order"}},
    OpTraits{"cumsum",
             "torch.cumsum(input, 0)",
             "running sum of a float vector",
             kCpuDeterministic,
             {true, NS::FloatAtomics, EM::Raises, true, false, "cumsum_cuda_kernel",
              "the single-pass scan takes each tile's prefix from whichever predecessors have "
              "published theirs (decoupled look-back), so the additions associate differently "
              "run to run; detbench's extension combines the tiles in order"}},
    OpTraits{"matmul",
             "torch.matmul(a, b)",
             "float32 matrix product through cuBLAS, optionally on several streams at once",
             kCpuDeterministic,
             {false, NS::None, EM::Runs, false, true, "",
              "one cuBLAS GEMM gives the same bits run to run on one stream; several streams "
              "sharing a handle and its workspace may not. Deterministic mode needs "
              "CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8 (PyTorch up to 2.8). The atomic form is "
              "a split-K contrast, not PyTorch's default"},
             true},
    OpTraits{"conv2d_forward",
             "torch.nn.functional.conv2d(input, weight, stride, padding)",
             "2-D convolution through cuDNN (NCHW, float32)",
             kCpuDeterministic,
             {false, NS::Autotuning, EM::Runs, false, true, "",
              "every cuDNN forward algorithm is deterministic, but cudnn.benchmark picks one by "
              "timing, so another run may pick another and get other bits; the atomic form is a "
              "detbench contrast on cpu-threads only"},
             false,
             true},
    OpTraits{"conv2d_backward_data",
             "torch.nn.functional.conv2d backward, gradient of the input",
             "gradient of a 2-D convolution's input through cuDNN",
             kCpuDeterministic,
             {true, NS::AlgorithmChoice, EM::SwitchesToDeterministic, false, false, "",
              "cuDNN may choose an algorithm that adds with atomics (BWD_DATA_ALGO_0); "
              "cudnn.deterministic or deterministic mode keeps only deterministic algorithms"},
             false,
             true},
    OpTraits{"conv2d_backward_filter",
             "torch.nn.functional.conv2d backward, gradient of the weight",
             "gradient of a 2-D convolution's weight through cuDNN",
             kCpuDeterministic,
             {true, NS::AlgorithmChoice, EM::SwitchesToDeterministic, false, false, "",
              "cuDNN may choose an algorithm that adds with atomics (BWD_FILTER_ALGO_0 or 3); "
              "cudnn.deterministic or deterministic mode keeps only deterministic algorithms"},
             false,
             true},
    OpTraits{"rand",
             "torch.manual_seed(seed); torch.rand(size)",
             "uniform random numbers in [0, 1)",
             kCpuRandom,
             {false, NS::Rng, EM::Runs, false, false, "", kGpuRandomNote}},
    OpTraits{"randn",
             "torch.manual_seed(seed); torch.randn(size)",
             "standard normal random numbers",
             kCpuRandom,
             {false, NS::Rng, EM::Runs, false, false, "", kGpuRandomNote}},
    OpTraits{"dropout",
             "torch.manual_seed(seed); torch.nn.functional.dropout(input, p)",
             "zero each element with probability p, scale the rest by 1 / (1 - p)",
             kCpuRandom,
             {false, NS::Rng, EM::Runs, false, false, "", kGpuRandomNote}},
};

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
