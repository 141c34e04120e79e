#include "TorchOpTable.hpp"

#include <ATen/ops/_adaptive_avg_pool2d_backward.h>
#include <ATen/ops/avg_pool3d_backward.h>
#include <ATen/ops/bincount.h>
#include <ATen/ops/bmm.h>
#include <ATen/ops/conv2d.h>
#include <ATen/ops/convolution_backward.h>
#include <ATen/ops/cumsum.h>
#include <ATen/ops/dropout.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/grid_sampler_2d_backward.h>
#include <ATen/ops/histc.h>
#include <ATen/ops/index_add.h>
#include <ATen/ops/log_softmax.h>
#include <ATen/ops/matmul.h>
#include <ATen/ops/max_pool2d_with_indices_backward.h>
#include <ATen/ops/nll_loss_nd.h>
#include <ATen/ops/rand.h>
#include <ATen/ops/randn.h>
#include <ATen/ops/reflection_pad2d_backward.h>
#include <ATen/ops/rsqrt.h>
#include <ATen/ops/scatter_add.h>
#include <ATen/ops/scatter_reduce.h>
#include <ATen/ops/softmax.h>
#include <ATen/ops/sparse_coo_tensor.h>
#include <ATen/ops/sum.h>
#include <ATen/ops/upsample_bicubic2d_backward.h>
#include <ATen/ops/upsample_linear1d_backward.h>
#include <ATen/ops/zeros.h>
#if DETBENCH_TORCH_AT_LEAST(2, 0)
#include <ATen/ops/scaled_dot_product_attention.h>
#endif
#if DETBENCH_TORCH_AT_LEAST(2, 4)
#include <ATen/ops/rms_norm.h>
#endif
#include <ATen/Context.h>
#include <ATen/TensorOperators.h>
#include <ATen/core/Reduction.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <vector>

#include "TorchCallArgs.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench::torchdev {

const at::Tensor& TorchCallArgs::in(std::string_view name) const {
  const auto it = tensors.find(name);
  if (it == tensors.end()) {
    DETBENCH_THROW(InvalidArgument, "the torch call has no input named " + std::string(name));
  }
  return it->second;
}

namespace {

using Dims = std::vector<std::int64_t>;

at::Tensor scatterReduce(TorchCallArgs& a, const char* reduce) {
  return at::scatter_reduce(a.in("self"), 0, a.in("index"), a.in("src"), reduce,
                            /*include_self=*/true);
}

// A zero tensor of the backward op's input shape, made once (its values never enter a gradient).
void zerosLikeInput(TorchCallArgs& a, const Dims& shape) {
  a.tensors["zeros"] = at::zeros(shape, a.options);
}

Dims gradOutputDims(TorchCallArgs& a) {
  const auto sizes = a.in("grad_output").sizes();
  return Dims(sizes.begin(), sizes.end());
}

// The shape of a pooling or padding backward op's input: the grad_output's batch and channels
// with the op's own spatial sizes.
Dims inputDims(TorchCallArgs& a, std::initializer_list<const char*> spatial) {
  const Dims g = gradOutputDims(a);
  Dims d{g.at(0), g.at(1)};
  for (const char* s : spatial) d.push_back(a.p(s));
  return d;
}

constexpr std::string_view kBatchInvariant[] = {"batch_invariant"};
// max_pool2d's cuDNN form and the convolutions' search before every trial are detbench's.
constexpr std::string_view kCudnnForm[] = {"cudnn"};
constexpr std::string_view kRebenchmark[] = {"rebenchmark"};
// The collectives' orders (all_reduce's ring and tree, reduce_scatter's ring and direct order)
// are detbench's; gloo runs its own algorithm.
constexpr std::string_view kCollectiveOwn[] = {"algorithm"};
constexpr std::string_view kNeedsRankGpus =
    "NCCL needs a GPU per rank, and gloo on CUDA tensors is not what a GPU job runs";
// matmul's streams share one handle on detbench's cuda device; its batch-invariant kernels are
// detbench's; PyTorch has one product on its current stream.
constexpr std::string_view kMatmulOwn[] = {"streams", "shared_workspace", "batch_invariant",
                                           "pinned_cublaslt"};

// index_add's deterministic form without a sort is detbench's own.
constexpr std::string_view kRowScanOwn[] = {"row_scan"};

constexpr TorchOpEntry kOps[] = {
    {"index_add",
     [](TorchCallArgs& a) { return at::index_add(a.in("self"), 0, a.in("index"), a.in("source")); },
     nullptr, kRowScanOwn},
    {"scatter_add",
     [](TorchCallArgs& a) {
       return at::scatter_add(a.in("self"), a.p("dim"), a.in("index"), a.in("src"));
     }},
    {"index_put_accumulate",
     [](TorchCallArgs& a) {
       c10::List<c10::optional<at::Tensor>> indices;
       indices.push_back(a.in("indices"));
       return a.in("self").clone().index_put_(indices, a.in("values"), /*accumulate=*/true);
     },
     nullptr, kRowScanOwn},
    {"put_accumulate",
     [](TorchCallArgs& a) {
       return a.in("self").clone().put_(a.in("index"), a.in("source"), /*accumulate=*/true);
     }},
    {"index_put", indexPut},
    {"put", put},
    {"index_copy", indexCopy},
    {"scatter", scatter},
    {"gather_backward", gatherBackward, leafRowsSetup},
    {"index_select_backward", indexSelectBackward, leafMatrixSetup},
    {"repeat_interleave_backward", repeatInterleaveBackward, leafMatrixSetup},
    {"index_reduce_prod", indexReduceProd},
    {"embedding_bag_max_backward", embeddingBagMaxBackward, embeddingBagMaxSetup},
    {"embedding_backward", embeddingBackward, embeddingSetup},
    {"kthvalue", kthvalueIndices},
    {"median", medianIndices},
    {"max_pool3d_backward", maxPool3dBackward},
    {"adaptive_max_pool2d_backward", adaptiveMaxPool2dBackward},
    {"fractional_max_pool2d_backward", fractionalMaxPool2dBackward},
    {"fractional_max_pool3d_backward", fractionalMaxPool3dBackward},
    {"max_unpool1d", maxUnpool1d},
    {"max_unpool2d", maxUnpool2d},
    {"max_unpool3d", maxUnpool3d},
    {"adaptive_avg_pool3d_backward", adaptiveAvgPool3dBackward, paddingSetup3d},
    {"reflection_pad1d_backward", reflectionPad1dBackward, paddingSetup1d},
    {"reflection_pad3d_backward", reflectionPad3dBackward, paddingSetup3d},
    {"replication_pad1d_backward", replicationPad1dBackward, paddingSetup1d},
    {"replication_pad3d_backward", replicationPad3dBackward, paddingSetup3d},
    {"scatter_reduce_sum", [](TorchCallArgs& a) { return scatterReduce(a, "sum"); }},
    {"scatter_reduce_mean", [](TorchCallArgs& a) { return scatterReduce(a, "mean"); }},
    {"scatter_reduce_amax", [](TorchCallArgs& a) { return scatterReduce(a, "amax"); }},
    {"scatter_reduce_prod", [](TorchCallArgs& a) { return scatterReduce(a, "prod"); }},
    {"bincount",
     // No weights: an empty optional, not an undefined tensor (which PyTorch takes as weights
     // given, and alerts in deterministic mode).
     [](TorchCallArgs& a) { return at::bincount(a.in("input"), {}, a.p("bins")); }},
    {"bincount_weighted",
     [](TorchCallArgs& a) { return at::bincount(a.in("input"), a.in("weights"), a.p("bins")); }},
    {"embedding_bag_backward", embeddingBagBackward, embeddingBagSetup},
    {"sum", [](TorchCallArgs& a) { return at::sum(a.in("input")).reshape({1}); }},
    {"rms_norm",
     [](TorchCallArgs& a) {
       const at::Tensor& x = a.in("x");
#if DETBENCH_TORCH_AT_LEAST(2, 4)
       return at::rms_norm(x, {x.size(1)}, a.in("weight"));
#else
       // Before 2.4 PyTorch has no rms_norm: the formula users write (F.rms_norm's own
       // definition, eps the dtype's machine epsilon).
       return x * at::rsqrt(x.pow(2).mean({-1}, /*keepdim=*/true) + FLT_EPSILON) * a.in("weight");
#endif
     },
     nullptr, kBatchInvariant},
    {"softmax",
     [](TorchCallArgs& a) {
       return a.p("log") ? at::log_softmax(a.in("x"), 1) : at::softmax(a.in("x"), 1);
     },
     nullptr, kBatchInvariant},
    {"decode_attention",
     [](TorchCallArgs& a) {
       const at::Tensor q = a.in("q").unsqueeze(2);  // [batch, heads, 1, head_dim]
#if DETBENCH_TORCH_AT_LEAST(2, 0)
       return at::scaled_dot_product_attention(q, a.in("k"), a.in("v")).squeeze(2);
#else
       // Before 2.0 PyTorch has no scaled_dot_product_attention: the attention users write.
       const at::Tensor w =
           at::softmax(q.matmul(a.in("k").transpose(-1, -2)) / std::sqrt(double(q.size(-1))), -1);
       return w.matmul(a.in("v")).squeeze(2);
#endif
     },
     nullptr, kBatchInvariant},
    {"all_reduce", allReduce, glooRanksSetup, kCollectiveOwn, false, kNeedsRankGpus},
    {"reduce_scatter", reduceScatter, reduceScatterSetup, kCollectiveOwn, false, kNeedsRankGpus},
    {"nll_loss2d_forward",
     [](TorchCallArgs& a) {
       const at::Tensor weight = a.p("weighted") ? a.in("weight") : at::Tensor();
       const std::int64_t reduction = a.p("reduction") ? at::Reduction::Sum : at::Reduction::Mean;
       return at::nll_loss_nd(a.in("input"), a.in("target"), weight, reduction).reshape({1});
     }},
    {"ctc_loss_backward", ctcLossBackward},
    {"max_pool2d_backward",
     [](TorchCallArgs& a) {
       const std::int64_t k = a.p("kernel"), s = a.p("stride");
       return at::max_pool2d_with_indices_backward(a.in("grad_output"), a.in("self"), {k, k},
                                                   {s, s}, {0, 0}, {1, 1}, false, a.in("indices"));
     },
     nullptr, kCudnnForm},
    {"upsample_linear1d_backward",
     [](TorchCallArgs& a) {
       const Dims g = gradOutputDims(a);
       return at::upsample_linear1d_backward(a.in("grad_output"), Dims{g[2]},
                                             Dims{g[0], g[1], a.p("width")}, false);
     }},
    {"upsample_bilinear2d_backward", upsampleBilinear2dBackward},
    {"upsample_bicubic2d_backward",
     [](TorchCallArgs& a) {
       const Dims g = gradOutputDims(a);
       return at::upsample_bicubic2d_backward(a.in("grad_output"), Dims{g[2], g[3]},
                                              Dims{g[0], g[1], a.p("height"), a.p("width")}, false);
     }},
    {"upsample_trilinear3d_backward", upsampleTrilinear3dBackward},
    {"avg_pool3d_backward",
     [](TorchCallArgs& a) {
       const std::int64_t k = a.p("kernel"), s = a.p("stride"), pad = a.p("padding");
       return at::avg_pool3d_backward(a.in("grad_output"), a.in("zeros"), {k, k, k}, {s, s, s},
                                      {pad, pad, pad}, false, true, c10::optional<std::int64_t>());
     },
     [](TorchCallArgs& a) {
       zerosLikeInput(a, inputDims(a, {"depth", "height", "width"}));
     }},
    {"adaptive_avg_pool2d_backward",
     [](TorchCallArgs& a) {
       return at::_adaptive_avg_pool2d_backward(a.in("grad_output"), a.in("zeros"));
     },
     [](TorchCallArgs& a) {
       zerosLikeInput(a, inputDims(a, {"height", "width"}));
     }},
    {"replication_pad2d_backward", replicationPad2dBackward,
     [](TorchCallArgs& a) {
       zerosLikeInput(a, inputDims(a, {"height", "width"}));
     }},
    {"reflection_pad2d_backward",
     [](TorchCallArgs& a) {
       const std::int64_t p = a.p("pad");
       return at::reflection_pad2d_backward(a.in("grad_output"), a.in("zeros"), {p, p, p, p});
     },
     [](TorchCallArgs& a) {
       zerosLikeInput(a, inputDims(a, {"height", "width"}));
     }},
    {"grid_sampler_2d_backward",
     [](TorchCallArgs& a) {
       return std::get<0>(at::grid_sampler_2d_backward(a.in("grad_output"), a.in("zeros"),
                                                       a.in("grid"), 0, 0, false, {true, false}));
     },
     [](TorchCallArgs& a) {
       zerosLikeInput(a, inputDims(a, {"height", "width"}));
     }},
    {"histc", [](TorchCallArgs& a) { return at::histc(a.in("input"), a.p("bins"), -1, 1); }},
    {"cumsum", [](TorchCallArgs& a) { return at::cumsum(a.in("input"), 0); }},
    {"matmul", [](TorchCallArgs& a) { return at::matmul(a.in("a"), a.in("b")).unsqueeze(0); },
     // torch.backends.cuda.matmul.allow_tf32, as the parameter asks (no effect on the CPU).
     [](TorchCallArgs& a) { at::globalContext().setAllowTF32CuBLAS(a.p("tf32") != 0); },
     kMatmulOwn},
    {"bmm_sparse", [](TorchCallArgs& a) { return at::bmm(a.in("sparse"), a.in("dense")); },
     // The sparse COO batch, coalesced once: the op measured is torch.bmm.
     [](TorchCallArgs& a) {
       a.tensors["sparse"] = at::sparse_coo_tensor(a.in("indices"), a.in("values"),
                                                   {a.p("batch"), a.p("rows"), a.p("inner")})
                                 .coalesce();
     }},
    {"conv2d_forward",
     [](TorchCallArgs& a) {
       const std::int64_t s = a.p("stride"), p = a.p("padding");
       return at::conv2d(a.in("input"), a.in("weight"), at::Tensor(), {s, s}, {p, p});
     },
     [](TorchCallArgs& a) { at::globalContext().setAllowTF32CuDNN(a.p("tf32") != 0); },
     kRebenchmark},
    {"conv2d_backward_data",
     [](TorchCallArgs& a) {
       const std::int64_t s = a.p("stride"), p = a.p("padding");
       return std::get<0>(at::convolution_backward(
           a.in("grad_output"), a.in("shape_of_input"), a.in("weight"), at::OptionalIntArrayRef(),
           {s, s}, {p, p}, {1, 1}, false, {0}, 1, {true, false, false}));
     },
     // As torch.nn.grad.conv2d_input: an empty tensor expanded to the input's shape.
     [](TorchCallArgs& a) {
       at::globalContext().setAllowTF32CuDNN(a.p("tf32") != 0);
       a.tensors["shape_of_input"] =
           at::empty({1}, a.options)
               .expand({a.p("batch"), a.p("in_channels"), a.p("height"), a.p("width")});
     },
     kRebenchmark},
    {"conv2d_backward_filter",
     [](TorchCallArgs& a) {
       const std::int64_t s = a.p("stride"), p = a.p("padding");
       return std::get<1>(at::convolution_backward(
           a.in("grad_output"), a.in("input"), a.in("shape_of_weight"), at::OptionalIntArrayRef(),
           {s, s}, {p, p}, {1, 1}, false, {0}, 1, {false, true, false}));
     },
     // As torch.nn.grad.conv2d_weight: an empty tensor expanded to the weight's shape.
     [](TorchCallArgs& a) {
       at::globalContext().setAllowTF32CuDNN(a.p("tf32") != 0);
       a.tensors["shape_of_weight"] =
           at::empty({1}, a.options)
               .expand({a.p("out_channels"), a.p("in_channels"), a.p("kernel"), a.p("kernel")});
     },
     kRebenchmark},
    {"rnn_forward", rnnForward, rnnSetup},
    {"rnn_backward_weights", rnnBackwardWeights, rnnSetup},
    {"rand",
     [](TorchCallArgs& a) { return at::rand({a.p("size")}, a.options); },
     nullptr,
     {},
     true},
    {"randn",
     [](TorchCallArgs& a) { return at::randn({a.p("size")}, a.options); },
     nullptr,
     {},
     true},
    {"dropout",
     [](TorchCallArgs& a) {
       return at::dropout(a.in("input"), static_cast<double>(a.p("p_percent")) / 100.0, true);
     },
     nullptr,
     {},
     true},
};

// Every op with a definition has one call here, and nothing else does: a forgotten op does
// not build.
constexpr bool callsFollowTheOpList() {
  for (const std::string_view op : kDefinedOpNames) {
    int n = 0;
    for (const TorchOpEntry& e : kOps) n += e.op == op ? 1 : 0;
    if (n != 1) return false;
  }
  return std::size(kOps) == kDefinedOpNames.size();
}
static_assert(callsFollowTheOpList(),
              "kOps needs one PyTorch call for every op of the op list with a definition "
              "(OpList.hpp), and none for another op");

}  // namespace

std::span<const TorchOpEntry> torchOps() {
  return kOps;
}

const TorchOpEntry* findTorchOp(std::string_view op) {
  const auto it = std::find_if(std::begin(kOps), std::end(kOps),
                               [&](const TorchOpEntry& e) { return e.op == op; });
  return it == std::end(kOps) ? nullptr : &*it;
}

}  // namespace detbench::torchdev
