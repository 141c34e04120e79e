#include "AtenRoutes.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "detbench/op/OpList.hpp"

namespace detbench::trace {

namespace {

using Params = std::vector<std::pair<std::string, std::int64_t>>;

std::int64_t dim(const TraceTensor& t, std::size_t i) {
  return i < t.shape.size() ? t.shape[i] : 1;
}

// The product of the sizes from dimension `from` on (1 for none); a product past int64 (a
// hostile record's shape) is clamped to the largest int64, which no op's parameter accepts.
std::int64_t trailing(const TraceTensor& t, std::size_t from) {
  std::int64_t n = 1;
  for (std::size_t i = from; i < t.shape.size(); ++i) {
    if (__builtin_mul_overflow(n, t.shape[i], &n)) return INT64_MAX;
  }
  return n;
}

std::int64_t numelOf(const TraceTensor& t) {
  return trailing(t, 0);
}

bool isTrue(const TraceOp& op, const std::string& name) {
  const auto v = scalarArgument(op, name);
  return v && (*v == "true" || *v == "1");
}

bool argumentIs(const TraceOp& op, const std::string& name, std::string_view json) {
  const auto v = scalarArgument(op, name);
  return v && *v == json;
}

// The size of the output (random ops: the number of values drawn).
Params outputSize(const TraceOp& op) {
  if (op.outputs.empty()) return {};
  return {{"size", numelOf(op.outputs[0])}};
}

Params inputSize(const TraceOp& op) {
  if (op.inputs.empty()) return {};
  return {{"size", numelOf(op.inputs[0])}};
}

Params indexPutParams(const TraceOp& op) {
  // self [rows, cols...], indices (one tensor on dim 0) [size], values [size, cols...].
  const auto& in = op.inputs;
  if (in.size() < 3 || in[0].shape.empty()) return {};
  const TraceTensor& values = in.back();
  return {{"size", values.shape.empty() ? 1 : dim(values, 0)},
          {"cols", trailing(in[0], 1)},
          {"rows", dim(in[0], 0)}};
}

Params putParams(const TraceOp& op) {
  const auto& in = op.inputs;
  if (in.size() < 3) return {};
  const TraceTensor& self = in[0];
  return {{"size", numelOf(in[1])},
          {"rows", self.shape.size() >= 2 ? dim(self, 0) : 1},
          {"cols", self.shape.size() >= 2 ? trailing(self, 1) : numelOf(self)}};
}

Params indexAddParams(const TraceOp& op) {
  const auto& in = op.inputs;
  if (in.size() < 3 || !argumentIs(op, "dim", "0")) return {};
  return {{"size", dim(in[2], 0)}, {"cols", trailing(in[0], 1)}, {"rows", dim(in[0], 0)}};
}

Params scatterAddParams(const TraceOp& op) {
  const auto& in = op.inputs;
  const auto d = scalarArgument(op, "dim");
  if (in.size() < 3 || !d || (*d != "0" && *d != "1") || in[2].shape.size() > 2 ||
      in[2].shape.empty()) {
    return {};
  }
  const std::int64_t dd = *d == "1" ? 1 : 0;
  const TraceTensor& src = in[2];
  Params p{{"size", dim(src, 0)},
           {"ndim", static_cast<std::int64_t>(src.shape.size())},
           {"dim", dd},
           {"out_size", dim(in[0], static_cast<std::size_t>(dd))}};
  if (src.shape.size() == 2) p.emplace_back("cols", dim(src, 1));
  return p;
}

Params countParams(const TraceOp& op) {
  if (op.inputs.empty() || op.outputs.empty()) return {};
  return {{"size", numelOf(op.inputs[0])}, {"bins", numelOf(op.outputs[0])}};
}

Params matmulParams(const TraceOp& op) {
  const std::size_t a = atenBaseName(op.name) == "addmm" ? 1 : 0;
  const auto& in = op.inputs;
  if (in.size() < a + 2 || in[a].shape.size() != 2 || in[a + 1].shape.size() != 2) return {};
  return {{"size", dim(in[a], 0)}, {"k", dim(in[a], 1)}, {"n", dim(in[a + 1], 1)}};
}

// One op's way in from a trace. `aten`: the ATen base names, comma-separated (empty: a trace
// does not see the op under a name of its own; `unseen` says why).
struct AtenRoute {
  std::string_view op;
  std::string_view aten;
  bool (*accepts)(const TraceOp&) = nullptr;   // null: every op of those names
  Params (*params)(const TraceOp&) = nullptr;  // null: no parameters read off the shapes
  std::string_view unseen = {};
};

constexpr AtenRoute kRoutes[] = {
    {"index_add", "index_add_,index_add", nullptr, indexAddParams},
    {"scatter_add", "scatter_add_,scatter_add", nullptr, scatterAddParams},
    {"index_put_accumulate", "index_put_,index_put,_index_put_impl_",
     [](const TraceOp& op) { return isTrue(op, "accumulate"); }, indexPutParams},
    {"put_accumulate", "put_,put", [](const TraceOp& op) { return isTrue(op, "accumulate"); },
     putParams},
    {"index_put", "index_put_,index_put,_index_put_impl_",
     [](const TraceOp& op) { return !isTrue(op, "accumulate"); }},
    {"put", "put_,put", [](const TraceOp& op) { return !isTrue(op, "accumulate"); }},
    {"index_copy", "index_copy_,index_copy"},
    // The reduce overloads of scatter are another op (deprecated in PyTorch): the plain write.
    {"scatter", "scatter_,scatter",
     [](const TraceOp& op) { return !scalarArgument(op, "reduce").has_value(); }},
    {"gather_backward", "gather_backward"},
    {"index_select_backward", "index_select_backward"},
    {"repeat_interleave_backward", "", nullptr, nullptr,
     "autograd computes it with index_add_ or sum, which the trace names"},
    {"scatter_reduce_sum", "scatter_reduce_,scatter_reduce",
     [](const TraceOp& op) { return argumentIs(op, "reduce", "\"sum\""); }},
    {"scatter_reduce_mean", "scatter_reduce_,scatter_reduce",
     [](const TraceOp& op) { return argumentIs(op, "reduce", "\"mean\""); }},
    {"scatter_reduce_amax", "scatter_reduce_,scatter_reduce",
     [](const TraceOp& op) { return argumentIs(op, "reduce", "\"amax\""); }},
    {"scatter_reduce_prod", "scatter_reduce_,scatter_reduce",
     [](const TraceOp& op) { return argumentIs(op, "reduce", "\"prod\""); }},
    {"index_reduce_prod", "index_reduce_,index_reduce",
     [](const TraceOp& op) { return argumentIs(op, "reduce", "\"prod\""); }},
    {"bincount", "bincount", [](const TraceOp& op) { return op.inputs.size() < 2; }, countParams},
    {"bincount_weighted", "bincount", [](const TraceOp& op) { return op.inputs.size() >= 2; },
     countParams},
    // Mode 2 is "max": the gradient goes to the rows that held each bag's maxima.
    {"embedding_bag_backward", "_embedding_bag_backward,_embedding_bag_dense_backward",
     [](const TraceOp& op) { return !argumentIs(op, "mode", "2"); }},
    {"embedding_bag_max_backward", "_embedding_bag_backward,_embedding_bag_dense_backward",
     [](const TraceOp& op) { return argumentIs(op, "mode", "2"); }},
    {"embedding_backward", "embedding_dense_backward"},
    {"sum", "sum", nullptr, inputSize},
    {"rms_norm", "rms_norm,_fused_rms_norm"},
    {"softmax", "_softmax,_log_softmax,softmax,log_softmax"},
    {"decode_attention", "", nullptr, nullptr,
     "detbench's own composite of matmul and softmax: the trace names the ATen ops it is made of"},
    {"kthvalue", "kthvalue"},
    {"median", "median", [](const TraceOp& op) { return scalarArgument(op, "dim").has_value(); }},
    {"nll_loss2d_forward", "nll_loss2d_forward"},
    {"ctc_loss_backward", "_ctc_loss_backward"},
    {"max_pool2d_backward", "max_pool2d_with_indices_backward"},
    {"max_pool3d_backward", "max_pool3d_with_indices_backward"},
    {"adaptive_max_pool2d_backward", "adaptive_max_pool2d_backward"},
    {"fractional_max_pool2d_backward", "fractional_max_pool2d_backward"},
    {"fractional_max_pool3d_backward", "fractional_max_pool3d_backward"},
    {"max_unpool1d", "", nullptr, nullptr,
     "F.max_unpool1d calls max_unpool2d on an added dimension: a trace sees max_unpool2d"},
    {"max_unpool2d", "max_unpool2d"},
    {"max_unpool3d", "max_unpool3d"},
    {"upsample_linear1d_backward", "upsample_linear1d_backward"},
    {"upsample_bilinear2d_backward", "upsample_bilinear2d_backward"},
    {"upsample_bicubic2d_backward", "upsample_bicubic2d_backward"},
    {"upsample_trilinear3d_backward", "upsample_trilinear3d_backward"},
    {"avg_pool3d_backward", "avg_pool3d_backward"},
    {"adaptive_avg_pool2d_backward", "_adaptive_avg_pool2d_backward"},
    {"adaptive_avg_pool3d_backward", "_adaptive_avg_pool3d_backward"},
    {"replication_pad1d_backward", "replication_pad1d_backward"},
    {"replication_pad2d_backward", "replication_pad2d_backward"},
    {"replication_pad3d_backward", "replication_pad3d_backward"},
    {"reflection_pad1d_backward", "reflection_pad1d_backward"},
    {"reflection_pad2d_backward", "reflection_pad2d_backward"},
    {"reflection_pad3d_backward", "reflection_pad3d_backward"},
    {"grid_sampler_2d_backward", "grid_sampler_2d_backward"},
    {"histc", "histc", nullptr, countParams},
    {"cumsum", "cumsum,cumsum_", nullptr, inputSize},
    {"matmul", "mm,addmm,matmul", nullptr, matmulParams},
    {"bmm_sparse", "", nullptr, nullptr,
     "bmm on a sparse tensor is not told apart from a dense one in a trace"},
    {"conv2d_forward", "convolution,_convolution,cudnn_convolution,conv2d"},
    {"conv2d_backward_data", "cudnn_convolution_backward_input"},
    {"conv2d_backward_filter", "convolution_backward,cudnn_convolution_backward_weight"},
    {"rnn_forward", "_cudnn_rnn"},
    {"rnn_backward_weights", "_cudnn_rnn_backward"},
    {"rand", "uniform_,rand,rand_like", nullptr, outputSize},
    {"randn", "normal_,randn,randn_like", nullptr, outputSize},
    {"dropout", "bernoulli_,bernoulli,native_dropout,_fused_dropout", nullptr, outputSize},
    // resize_ on a quantized tensor: the new elements are left as the memory was.
    {"resize_quantized", "resize_",
     [](const TraceOp& op) { return !op.inputs.empty() && op.inputs[0].dtype.starts_with("q"); }},
};

constexpr bool routesFollowTheOpList() {
  for (const std::string_view op : kOpNames) {
    int n = 0;
    for (const AtenRoute& r : kRoutes) n += r.op == op ? 1 : 0;
    if (n != 1) return false;
  }
  for (const AtenRoute& r : kRoutes) {
    // A route without ATen names says why a trace cannot see its op.
    if (r.aten.empty() == r.unseen.empty()) return false;
  }
  return std::size(kRoutes) == kOpNames.size();
}
static_assert(routesFollowTheOpList(),
              "kRoutes needs one route for every op of the op list (OpList.hpp), and a reason "
              "for each op a trace cannot see");

bool namesHold(std::string_view names, std::string_view name) {
  while (!names.empty()) {
    const auto comma = names.find(',');
    if (names.substr(0, comma) == name) return true;
    if (comma == std::string_view::npos) break;
    names.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

std::optional<CatalogMatch> routeAtenOp(const TraceOp& op) {
  const std::string base = atenBaseName(op.name);
  if (base.empty()) return std::nullopt;
  for (const AtenRoute& r : kRoutes) {
    if (!namesHold(r.aten, base) || (r.accepts && !r.accepts(op))) continue;
    CatalogMatch m{std::string(r.op), {}};
    if (r.params) m.params = r.params(op);
    return m;
  }
  return std::nullopt;
}

}  // namespace detbench::trace
