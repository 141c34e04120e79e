#pragma once
// The one list of ops. An op is named here (`name` as on the command line and in reports, `Name`
// the stem of its functions) and in these places, each checked against this list:
//   its definition, core/include/detbench/ops/NameOp.hpp and core/src/ops/NameOp.cpp, with
//       makeNameDefinition(): the definitions table is made from this list (compile time);
//   its kernels, kernels/cpu/src/ops/ (makeNameKernel) and, for the ops the table below
//       marks ALL, kernels/cuda/src/ops/ (makeNameCuda): both kernel tables are made from this
//       list (compile time);
//   its catalog entry kNameEntry, in its family's file under core/src/catalog/data/: the
//       catalog table is made from this list (compile time); the entry also holds its PyTorch
//       call (`export-pytorch`) and its route from a trace (the ATen ops a trace sees it under,
//       or why it sees none), and the build fails for an entry without either;
//   the same call in ATen's C++ API for the torch devices, kernels/torch/src/TorchOpTable.cpp (a
//       static_assert there checks the table against this list);
//   its case in tests/kernels/OpCases.hpp and its peer checks in tests/peer/test_pytorch_cpu.py
//       and test_export_pytorch.py (tests fail without them);
//   the Chinese for its catalog texts, translations/tools/zh_CN.py (a test fails without it).
// The CMake files find the ops' files by their folders.
//
// The order is the catalog's (and `detbench ops` lists them in it).

#include <array>
#include <string_view>

// X(name, Name) by the devices whose kernels detbench has for the op: ALL (cpu, cpu-threads and
// cuda), THREADS (cpu and cpu-threads), CPU (the cpu reference only: the torch device runs
// PyTorch's own kernels), and CATALOG (no definition and no kernels: the catalog's entry only).
#define DETBENCH_OP_TABLE(ALL, THREADS, CPU, CATALOG)              \
  ALL(index_add, IndexAdd)                                         \
  ALL(scatter_add, ScatterAdd)                                     \
  ALL(index_put_accumulate, IndexPutAccumulate)                    \
  ALL(put_accumulate, PutAccumulate)                               \
  CPU(index_put, IndexPut)                                         \
  CPU(put, Put)                                                    \
  CPU(index_copy, IndexCopy)                                       \
  CPU(scatter, Scatter)                                            \
  CPU(gather_backward, GatherBackward)                             \
  CPU(index_select_backward, IndexSelectBackward)                  \
  CPU(repeat_interleave_backward, RepeatInterleaveBackward)        \
  ALL(scatter_reduce_sum, ScatterReduceSum)                        \
  ALL(scatter_reduce_mean, ScatterReduceMean)                      \
  ALL(scatter_reduce_amax, ScatterReduceAmax)                      \
  ALL(scatter_reduce_prod, ScatterReduceProd)                      \
  CPU(index_reduce_prod, IndexReduceProd)                          \
  ALL(bincount, Bincount)                                          \
  ALL(bincount_weighted, BincountWeighted)                         \
  ALL(embedding_bag_backward, EmbeddingBagBackward)                \
  CPU(embedding_bag_max_backward, EmbeddingBagMaxBackward)         \
  CPU(embedding_backward, EmbeddingBackward)                       \
  ALL(sum, Sum)                                                    \
  ALL(rms_norm, RmsNorm)                                           \
  ALL(softmax, Softmax)                                            \
  ALL(decode_attention, DecodeAttention)                           \
  ALL(all_reduce, AllReduce)                                       \
  ALL(reduce_scatter, ReduceScatter)                               \
  CPU(kthvalue, Kthvalue)                                          \
  CPU(median, Median)                                              \
  ALL(nll_loss2d_forward, NllLoss2dForward)                        \
  ALL(ctc_loss_backward, CtcLossBackward)                          \
  ALL(max_pool2d_backward, MaxPool2dBackward)                      \
  ALL(max_pool3d_backward, MaxPool3dBackward)                      \
  ALL(adaptive_max_pool2d_backward, AdaptiveMaxPool2dBackward)     \
  ALL(fractional_max_pool2d_backward, FractionalMaxPool2dBackward) \
  ALL(fractional_max_pool3d_backward, FractionalMaxPool3dBackward) \
  CPU(max_unpool1d, MaxUnpool1d)                                   \
  CPU(max_unpool2d, MaxUnpool2d)                                   \
  CPU(max_unpool3d, MaxUnpool3d)                                   \
  ALL(upsample_linear1d_backward, UpsampleLinear1dBackward)        \
  ALL(upsample_bilinear2d_backward, UpsampleBilinear2dBackward)    \
  ALL(upsample_bicubic2d_backward, UpsampleBicubic2dBackward)      \
  ALL(upsample_trilinear3d_backward, UpsampleTrilinear3dBackward)  \
  ALL(avg_pool3d_backward, AvgPool3dBackward)                      \
  ALL(adaptive_avg_pool2d_backward, AdaptiveAvgPool2dBackward)     \
  ALL(adaptive_avg_pool3d_backward, AdaptiveAvgPool3dBackward)     \
  ALL(replication_pad1d_backward, ReplicationPad1dBackward)        \
  ALL(replication_pad2d_backward, ReplicationPad2dBackward)        \
  ALL(replication_pad3d_backward, ReplicationPad3dBackward)        \
  ALL(reflection_pad1d_backward, ReflectionPad1dBackward)          \
  ALL(reflection_pad2d_backward, ReflectionPad2dBackward)          \
  ALL(reflection_pad3d_backward, ReflectionPad3dBackward)          \
  ALL(grid_sampler_2d_backward, GridSampler2dBackward)             \
  ALL(histc, Histc)                                                \
  ALL(cumsum, Cumsum)                                              \
  ALL(matmul, Matmul)                                              \
  ALL(bmm_sparse, BmmSparse)                                       \
  ALL(conv2d_forward, Conv2dForward)                               \
  ALL(conv2d_backward_data, Conv2dBackwardData)                    \
  ALL(conv2d_backward_filter, Conv2dBackwardFilter)                \
  ALL(rnn_forward, RnnForward)                                     \
  ALL(rnn_backward_weights, RnnBackwardWeights)                    \
  ALL(rand, Rand)                                                  \
  ALL(randn, Randn)                                                \
  ALL(dropout, Dropout)                                            \
  CATALOG(resize_quantized, ResizeQuantized)

#define DETBENCH_SKIP_OP(name, Name)
// Every op of the catalog, in its order.
#define DETBENCH_CATALOG_OPS(X) DETBENCH_OP_TABLE(X, X, X, X)
// The ops with a definition and the `cpu` device's kernel.
#define DETBENCH_DEFINED_OPS(X) DETBENCH_OP_TABLE(X, X, X, DETBENCH_SKIP_OP)
// The ops with cpu-threads kernels (atomic and deterministic forms).
#define DETBENCH_CPU_THREADS_OPS(X) DETBENCH_OP_TABLE(X, X, DETBENCH_SKIP_OP, DETBENCH_SKIP_OP)
// The ops with CUDA kernels (kernels/cuda/src/CudaKernels.cpp makes its table from it).
#define DETBENCH_CUDA_OPS(X) \
  DETBENCH_OP_TABLE(X, DETBENCH_SKIP_OP, DETBENCH_SKIP_OP, DETBENCH_SKIP_OP)

namespace detbench {

#define DETBENCH_OP_NAME(name, Name) std::string_view(#name),
// Every op of the catalog.
inline constexpr std::array kOpNames{DETBENCH_CATALOG_OPS(DETBENCH_OP_NAME)};
// The ops with a definition (every op but the catalog's entries only).
inline constexpr std::array kDefinedOpNames{DETBENCH_DEFINED_OPS(DETBENCH_OP_NAME)};
inline constexpr std::array kCpuThreadsOpNames{DETBENCH_CPU_THREADS_OPS(DETBENCH_OP_NAME)};
inline constexpr std::array kCudaOpNames{DETBENCH_CUDA_OPS(DETBENCH_OP_NAME)};
#undef DETBENCH_OP_NAME

// The detbench devices with kernels for `op`, in the order cpu, cpu-threads, cuda (empty for an
// op that is a catalog entry only, or not an op). The cuda device offers its ops where its
// module loads (and the convolutions and RNNs where it was built with cuDNN).
constexpr std::array<bool, 3> opKernelDevices(std::string_view op) {
  const auto in = [op](const auto& names) {
    for (const auto n : names) {
      if (n == op) return true;
    }
    return false;
  };
  return {in(kDefinedOpNames), in(kCpuThreadsOpNames), in(kCudaOpNames)};
}

}  // namespace detbench
