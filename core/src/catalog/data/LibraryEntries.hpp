#pragma once
// The catalog's entries for the ops that run through a library on CUDA: cuBLAS, cuSPARSE, cuDNN.

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/DocstringEntries.hpp"

namespace detbench::catalog {

inline constexpr DeviceTraits kMatmulTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .atomicContrast = true,
    .note =
        "one cuBLAS GEMM gives the same bits run to run on one stream; several streams "
        "sharing a handle and its workspace may not. Deterministic mode needs "
        "CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8. The atomic form is a split-K contrast, not "
        "PyTorch's default"};
inline constexpr Releases<2> kMatmulCuda{{
    {.since = Since{2, 8},
     .traits = withDocstring(kMatmulTraits, doc::kCublas),
     .cublasWorkspaceCheck = true,
     .source = "docstring 2.8 and 2.9: the CUBLAS_WORKSPACE_CONFIG paragraph; "
               "aten/src/ATen/Context.cpp (alertCuBLASConfigNotDeterministic)"},
    {.since = Since{2, 10},
     .traits = withNote(kMatmulTraits,
                        "one cuBLAS GEMM gives the same bits run to run on one stream; several "
                        "streams sharing a handle and its workspace may not. From 2.10 "
                        "deterministic mode no longer checks CUBLAS_WORKSPACE_CONFIG. The atomic "
                        "form is a split-K contrast, not PyTorch's default"),
     .source = "docstring 2.10 to 2.15: no CUBLAS_WORKSPACE_CONFIG paragraph"},
}};
inline constexpr Releases<1> kBmmSparseCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::AlgorithmChoice,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "PyTorch calls cuSPARSE's SpMM with CUSPARSE_COOMM_ALG1, and with "
                         "CUSPARSE_COOMM_ALG2, which cuSPARSE documents as bitwise deterministic, "
                         "in deterministic mode. detbench's own kernels stand in for the two: "
                         "float atomic adds per nonzero, and one ordered pass per output row",
                 .docstring = doc::kBmmSparse},
      .source = "docstrings 2.8 to 2.15: torch.bmm "
                "on sparse-dense CUDA tensors acts deterministically; "
                "aten/src/ATen/native/sparse/cuda/SparseCUDATensorMath.cu (_bmm_out_sparse_cuda "
                "picks ALG2 when deterministicAlgorithms())"}}};
inline constexpr Releases<1> kConv2dForwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::Autotuning,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note =
                     "every cuDNN forward algorithm is deterministic, but cudnn.benchmark picks "
                     "one by timing, so another run may pick another and get other bits; the "
                     "atomic form is a detbench contrast on cpu-threads only"},
      .source = "docstring 2.8 to 2.15: torch.nn.Conv2d on CUDA acts deterministically (the "
                "choice among deterministic forward algorithms is cudnn.benchmark's)"}}};
// The docstring lists Conv1d to ConvTranspose3d; detbench's 2-D passes stand for them all:
// PyTorch runs Conv1d as a 2-D convolution, a transposed convolution's forward is the backward
// data pass, and every rank keeps only cuDNN's deterministic algorithms in deterministic mode.
inline constexpr std::string_view kConvolutionSource =
    "docstrings 2.8 to 2.15: torch.nn.Conv1d, Conv2d, Conv3d, ConvTranspose1d, 2d and 3d on CUDA "
    "act deterministically (detbench runs the 2-D passes; Conv3d's 3-D algorithms are not run)";
inline constexpr Releases<1> kConv2dBackwardDataCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::AlgorithmChoice,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note = "cuDNN may choose an algorithm that adds with atomics (BWD_DATA_ALGO_0); "
                         "cudnn.deterministic or deterministic mode keeps only deterministic "
                         "algorithms",
                 .docstring = doc::kConvolutions},
      .source = kConvolutionSource}}};
inline constexpr Releases<1> kConv2dBackwardFilterCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = true,
                 .source = NS::AlgorithmChoice,
                 .errorMode = EM::SwitchesToDeterministic,
                 .note =
                     "cuDNN may choose an algorithm that adds with atomics (BWD_FILTER_ALGO_0 "
                     "or 3); cudnn.deterministic or deterministic mode keeps only deterministic "
                     "algorithms",
                 .docstring = doc::kConvolutions},
      .source = kConvolutionSource}}};
// RNN and LSTM through cuDNN: deterministic by PyTorch's account (use_deterministic_algorithms
// does not touch them), with a warning of its own that names CUBLAS_WORKSPACE_CONFIG.
inline constexpr std::string_view kRnnSource =
    "docs/source/cudnn_rnn_determinism.rst, 1.12 to 2.12 (the warning in torch.nn.RNN and "
    "torch.nn.LSTM): known nondeterminism on some cuDNN and CUDA versions, CUBLAS_WORKSPACE_CONFIG="
    ":16:8 or :4096:2 on CUDA 10.2 or later; aten/src/ATen/native/cudnn/RNN.cpp (no alert; the "
    "cuBLAS configuration check is in aten/src/ATen/cuda/CUDABlas.cpp, which cuDNN does not call)";
inline constexpr DeviceTraits kRnnTraits{
    .nondeterministicByDefault = false,
    .source = NS::None,
    .errorMode = EM::Runs,
    .atomicContrast = true,
    .note =
        "PyTorch runs cuDNN's RNN API and deterministic mode changes nothing; its documentation "
        "warns of nondeterministic RNNs and LSTMs on some cuDNN and CUDA versions and asks for "
        "CUBLAS_WORKSPACE_CONFIG=:16:8 or :4096:2 (cuDNN calls cuBLAS inside), a setting "
        "deterministic mode does not check for these ops. Whether the bits repeat on a GPU is "
        "what a run measures. The atomic form is a detbench contrast on cpu-threads only"};
inline constexpr Releases<1> kRnnCuda{
    {{.since = Since{2, 8}, .traits = kRnnTraits, .source = kRnnSource}}};
inline constexpr OpEntry kMatmulEntry{
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
        "k order: the cpu device's bits)",
    .trace = {.aten = "mm,addmm,matmul", .shape = TraceShape::Matmul},
    .pytorchCall = "    return torch.matmul(io['a'], io['b']).unsqueeze(0)\n"};
inline constexpr OpEntry kBmmSparseEntry{
    .name = "bmm_sparse",
    .pytorchApi = "torch.bmm(sparse_coo, dense)",
    .summary = "batched product of sparse COO matrices and dense matrices",
    .cpu = kCpuDeterministic,
    .cuda = kBmmSparseCuda,
    .trace = {.unseen = "bmm on a sparse tensor is not told apart from a dense one in a trace"},
    .pytorchCall =
        "    shape = (P['batch'], P['rows'], P['inner'])\n"
        "    a = torch.sparse_coo_tensor(io['indices'], io['values'], shape).coalesce()\n"
        "    return torch.bmm(a, io['dense'])\n"};
inline constexpr OpEntry kConv2dForwardEntry{
    .name = "conv2d_forward",
    .pytorchApi = "torch.nn.functional.conv2d(input, weight, stride, padding)",
    .summary = "2-D convolution through cuDNN (NCHW, float32)",
    .cpu = kCpuDeterministic,
    .cuda = kConv2dForwardCuda,
    .cudnn = true,
    .trace = {.aten = "convolution,_convolution,cudnn_convolution,conv2d"},
    .pytorchCall =
        "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"
        "    return F.conv2d(io['input'], io['weight'], stride=P['stride'], "
        "padding=P['padding'])\n"};
inline constexpr OpEntry kConv2dBackwardDataEntry{
    .name = "conv2d_backward_data",
    .pytorchApi = "torch.nn.functional.conv2d backward, gradient of the input",
    .summary = "gradient of a 2-D convolution's input through cuDNN",
    .cpu = kCpuDeterministic,
    .cuda = kConv2dBackwardDataCuda,
    .cudnn = true,
    .trace = {.aten = "cudnn_convolution_backward_input"},
    .pytorchCall =
        "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"
        "    w = io['weight']\n"
        "    shape = (P['batch'], P['in_channels'], P['height'], P['width'])\n"
        "    return torch.nn.grad.conv2d_input(shape, w, io['grad_output'], stride=P['stride'],\n"
        "                                      padding=P['padding'])\n"};
inline constexpr OpEntry kConv2dBackwardFilterEntry{
    .name = "conv2d_backward_filter",
    .pytorchApi = "torch.nn.functional.conv2d backward, gradient of the weight",
    .summary = "gradient of a 2-D convolution's weight through cuDNN",
    .cpu = kCpuDeterministic,
    .cuda = kConv2dBackwardFilterCuda,
    .cudnn = true,
    .trace = {.aten = "convolution_backward,cudnn_convolution_backward_weight"},
    .pytorchCall =
        "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"
        "    shape = (P['out_channels'], P['in_channels'], P['kernel'], P['kernel'])\n"
        "    return torch.nn.grad.conv2d_weight(io['input'], shape, io['grad_output'],\n"
        "                                       stride=P['stride'], padding=P['padding'])\n"};
// The RNN ops' PyTorch calls build the module and set its parameters (weight_ih_l0,
// weight_hh_l0, bias_ih_l0, bias_hh_l0, in that order) to detbench's inputs.
#define DETBENCH_RNN_MODULE                                                           \
  "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"                           \
  "    m = (torch.nn.LSTM if P['mode'] else torch.nn.RNN)(P['input'], P['hidden'])\n" \
  "    m = m.to(io['x'].device)\n"                                                    \
  "    with torch.no_grad():\n"                                                       \
  "        for w, name in zip(m.parameters(), ('w_ih', 'w_hh', 'b_ih', 'b_hh')):\n"   \
  "            w.copy_(io[name])\n"
inline constexpr OpEntry kRnnForwardEntry{
    .name = "rnn_forward",
    .pytorchApi = "torch.nn.LSTM(input, hidden)(x), or torch.nn.RNN (tanh)",
    .summary =
        "one-layer RNN or LSTM over a sequence through cuDNN's RNN API: every "
        "step's output",
    .cpu = kCpuDeterministic,
    .cuda = kRnnCuda,
    .cudnn = true,
    .trace = {.aten = "_cudnn_rnn"},
    .pytorchCall = DETBENCH_RNN_MODULE
    "    with torch.no_grad():\n"
    "        return m(io['x'])[0]\n"};
inline constexpr OpEntry kRnnBackwardWeightsEntry{
    .name = "rnn_backward_weights",
    .pytorchApi = "torch.nn.LSTM(input, hidden)(x).backward(dy), or torch.nn.RNN",
    .summary =
        "the weight gradients of a one-layer RNN or LSTM (forward, backward "
        "through time, weights) through cuDNN's RNN API",
    .cpu = kCpuDeterministic,
    .cuda = kRnnCuda,
    .cudnn = true,
    .trace = {.aten = "_cudnn_rnn_backward"},
    .pytorchCall = DETBENCH_RNN_MODULE
    "    m(io['x'])[0].backward(io['dy'])\n"
    "    return torch.cat([w.grad.flatten() for w in m.parameters()])\n"};

#undef DETBENCH_RNN_MODULE

}  // namespace detbench::catalog
