#pragma once
// The one list of ops. An op is named here (`name` as on the command line and in reports, `Name`
// the stem of its functions) and in these places, each checked against this list:
//   its definition, core/include/detbench/ops/NameOp.hpp and core/src/ops/NameOp.cpp, with
//       makeNameDefinition(): the definitions table is made from this list (compile time);
//   its kernels, kernels/cpu/src/ops/ (makeNameKernel) and kernels/cuda/src/ops/
//       (makeNameCuda): both kernel tables are made from this list (compile time);
//   its catalog entry kNameEntry, in its family's file under core/src/catalog/data/: the
//       catalog table is made from this list (compile time);
//   its PyTorch call, core/src/export/PyTorchCalls.cpp (a static_assert there);
//   its case in tests/kernels/OpCases.hpp and its peer checks in tests/peer/test_pytorch_cpu.py
//       and test_export_pytorch.py (tests fail without them);
//   the Chinese for its catalog texts, translations/tools/zh_CN.py (a test fails without it).
// The CMake files find the ops' files by their folders.
//
// The order is the catalog's (and `detbench ops` lists them in it).

#include <array>
#include <string_view>

#define DETBENCH_OPS(X)                                         \
  X(index_add, IndexAdd)                                        \
  X(scatter_add, ScatterAdd)                                    \
  X(index_put_accumulate, IndexPutAccumulate)                   \
  X(put_accumulate, PutAccumulate)                              \
  X(scatter_reduce_sum, ScatterReduceSum)                       \
  X(scatter_reduce_mean, ScatterReduceMean)                     \
  X(scatter_reduce_amax, ScatterReduceAmax)                     \
  X(scatter_reduce_prod, ScatterReduceProd)                     \
  X(bincount, Bincount)                                         \
  X(bincount_weighted, BincountWeighted)                        \
  X(embedding_bag_backward, EmbeddingBagBackward)               \
  X(sum, Sum)                                                   \
  X(rms_norm, RmsNorm)                                          \
  X(softmax, Softmax)                                           \
  X(decode_attention, DecodeAttention)                          \
  X(nll_loss2d_forward, NllLoss2dForward)                       \
  X(ctc_loss_backward, CtcLossBackward)                         \
  X(max_pool2d_backward, MaxPool2dBackward)                     \
  X(upsample_linear1d_backward, UpsampleLinear1dBackward)       \
  X(upsample_bilinear2d_backward, UpsampleBilinear2dBackward)   \
  X(upsample_bicubic2d_backward, UpsampleBicubic2dBackward)     \
  X(upsample_trilinear3d_backward, UpsampleTrilinear3dBackward) \
  X(avg_pool3d_backward, AvgPool3dBackward)                     \
  X(adaptive_avg_pool2d_backward, AdaptiveAvgPool2dBackward)    \
  X(replication_pad2d_backward, ReplicationPad2dBackward)       \
  X(reflection_pad2d_backward, ReflectionPad2dBackward)         \
  X(grid_sampler_2d_backward, GridSampler2dBackward)            \
  X(histc, Histc)                                               \
  X(cumsum, Cumsum)                                             \
  X(matmul, Matmul)                                             \
  X(bmm_sparse, BmmSparse)                                      \
  X(conv2d_forward, Conv2dForward)                              \
  X(conv2d_backward_data, Conv2dBackwardData)                   \
  X(conv2d_backward_filter, Conv2dBackwardFilter)               \
  X(rnn_forward, RnnForward)                                    \
  X(rnn_backward_weights, RnnBackwardWeights)                   \
  X(rand, Rand)                                                 \
  X(randn, Randn)                                               \
  X(dropout, Dropout)

namespace detbench {

#define DETBENCH_OP_NAME(name, Name) std::string_view(#name),
inline constexpr std::array kOpNames{DETBENCH_OPS(DETBENCH_OP_NAME)};
#undef DETBENCH_OP_NAME

}  // namespace detbench
