#include "export/PyTorchCalls.hpp"

#include <array>
#include <utility>

#include "detbench/op/OpList.hpp"

namespace detbench::exporting {

namespace {

// The RNN ops' module, its parameters (weight_ih_l0, weight_hh_l0, bias_ih_l0, bias_hh_l0, in
// that order) set to detbench's inputs.
#define DETBENCH_RNN_MODULE                                                           \
  "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"                           \
  "    m = (torch.nn.LSTM if P['mode'] else torch.nn.RNN)(P['input'], P['hidden'])\n" \
  "    m = m.to(io['x'].device)\n"                                                    \
  "    with torch.no_grad():\n"                                                       \
  "        for w, name in zip(m.parameters(), ('w_ih', 'w_hh', 'b_ih', 'b_hh')):\n"   \
  "            w.copy_(io[name])\n"

// Backward ops take a zero `self` of the input's shape (its values do not enter the gradient).
constexpr std::pair<std::string_view, std::string_view> kCalls[] = {
    {"index_add", "    return torch.index_add(io['self'], 0, io['index'], io['source'])\n"},
    {"scatter_add", "    return torch.scatter_add(io['self'], P['dim'], io['index'], io['src'])\n"},
    {"index_put_accumulate",
     "    return io['self'].clone().index_put_((io['indices'],), io['values'], accumulate=True)\n"},
    {"put_accumulate",
     "    return io['self'].clone().put_(io['index'], io['source'], accumulate=True)\n"},
    {"index_put", "    return io['self'].clone().index_put_((io['index'],), io['values'])\n"},
    {"put", "    return io['self'].clone().put_(io['index'], io['source'])\n"},
    {"index_copy", "    return io['self'].clone().index_copy_(0, io['index'], io['source'])\n"},
    {"scatter", "    return io['self'].clone().scatter_(0, io['index'], io['source'])\n"},
    {"gather_backward",
     "    x = torch.zeros(P['rows'], device=DEVICE, requires_grad=True)\n"
     "    x.gather(0, io['index']).backward(io['grad_output'])\n"
     "    return x.grad\n"},
    {"index_select_backward",
     "    x = torch.zeros(P['rows'], P['cols'], device=DEVICE, requires_grad=True)\n"
     "    x.index_select(0, io['index']).backward(io['grad_output'])\n"
     "    return x.grad\n"},
    {"repeat_interleave_backward",
     "    x = torch.zeros(P['rows'], P['cols'], device=DEVICE, requires_grad=True)\n"
     "    x.repeat_interleave(P['repeats'], dim=0).backward(io['grad_output'])\n"
     "    return x.grad\n"},
    {"scatter_reduce_sum",
     "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'sum',\n"
     "                                include_self=True)\n"},
    {"scatter_reduce_mean",
     "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'mean',\n"
     "                                include_self=True)\n"},
    {"scatter_reduce_amax",
     "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'amax',\n"
     "                                include_self=True)\n"},
    {"scatter_reduce_prod",
     "    return torch.scatter_reduce(io['self'], 0, io['index'], io['src'], 'prod',\n"
     "                                include_self=True)\n"},
    {"index_reduce_prod",
     "    return io['self'].clone().index_reduce_(0, io['index'], io['source'], 'prod')\n"},
    {"bincount", "    return torch.bincount(io['input'], minlength=P['bins'])\n"},
    {"bincount_weighted",
     "    return torch.bincount(io['input'], io['weights'], minlength=P['bins'])\n"},
    {"embedding_bag_backward",
     "    indices = io['indices']\n"
     "    weight = torch.zeros(P['embeddings'], P['cols'], device=DEVICE, requires_grad=True)\n"
     "    offsets = torch.arange(0, indices.numel(), P['bag_size'], device=DEVICE)\n"
     "    mode = 'mean' if P['mode'] == 1 else 'sum'\n"
     "    F.embedding_bag(indices, weight, offsets, mode=mode).backward(io['grad_output'])\n"
     "    return weight.grad\n"},
    {"embedding_bag_max_backward",
     "    indices = io['indices']\n"
     "    weight = io['weight'].clone().requires_grad_(True)\n"
     "    offsets = torch.arange(0, indices.numel(), P['bag_size'], device=DEVICE)\n"
     "    F.embedding_bag(indices, weight, offsets, mode='max').backward(io['grad_output'])\n"
     "    return weight.grad\n"},
    {"embedding_backward",
     "    weight = torch.zeros(P['embeddings'], P['cols'], device=DEVICE, requires_grad=True)\n"
     "    F.embedding(io['indices'], weight).backward(io['grad_output'])\n"
     "    return weight.grad\n"},
    {"kthvalue", "    return torch.kthvalue(io['input'], P['k'], dim=1).indices\n"},
    {"median", "    return torch.median(io['input'], dim=1).indices\n"},
    {"sum", "    return torch.sum(io['input']).reshape(1)\n"},
    {"softmax",
     "    f = torch.log_softmax if P['log'] else torch.softmax\n"
     "    return f(io['x'], dim=1)\n"},
    {"decode_attention",
     "    q = io['q'].unsqueeze(2)  # [batch, heads, 1, head_dim]\n"
     "    if hasattr(F, 'scaled_dot_product_attention'):  # PyTorch 2.0 on\n"
     "        return F.scaled_dot_product_attention(q, io['k'], io['v']).squeeze(2)\n"
     "    w = torch.softmax(q @ io['k'].transpose(-1, -2) / q.shape[-1] ** 0.5, dim=-1)\n"
     "    return (w @ io['v']).squeeze(2)\n"},
    {"rms_norm",
     "    x, w = io['x'], io['weight']\n"
     "    if hasattr(F, 'rms_norm'):  # PyTorch 2.4 on\n"
     "        return F.rms_norm(x, [x.shape[1]], w)\n"
     "    eps = torch.finfo(x.dtype).eps\n"
     "    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w\n"},
    {"nll_loss2d_forward",
     "    weight = io['weight'] if P['weighted'] else None\n"
     "    reduction = 'sum' if P['reduction'] else 'mean'\n"
     "    return F.nll_loss(io['input'], io['target'], weight=weight,\n"
     "                      reduction=reduction).reshape(1)\n"},
    {"ctc_loss_backward",
     "    lp = io['log_probs'].detach().clone().requires_grad_(True)\n"
     "    targets = io['targets']\n"
     "    T, N, _ = lp.shape\n"
     "    lengths = torch.full((N,), T, dtype=torch.long)\n"
     "    target_lengths = torch.full((N,), targets.shape[1], dtype=torch.long)\n"
     "    F.ctc_loss(lp, targets, lengths, target_lengths, reduction='sum').backward()\n"
     "    return lp.grad\n"},
    {"max_pool2d_backward",
     "    k, s = P['kernel'], P['stride']\n"
     "    return torch.ops.aten.max_pool2d_with_indices_backward(\n"
     "        io['grad_output'], io['self'], [k, k], [s, s], [0, 0], [1, 1], False,\n"
     "        io['indices'])\n"},
    {"max_pool3d_backward",
     "    k, s = P['kernel'], P['stride']\n"
     "    return torch.ops.aten.max_pool3d_with_indices_backward(\n"
     "        io['grad_output'], io['self'], [k] * 3, [s] * 3, [0] * 3, [1] * 3, False,\n"
     "        io['indices'])\n"},
    {"adaptive_max_pool2d_backward",
     "    return torch.ops.aten.adaptive_max_pool2d_backward(io['grad_output'], io['self'],\n"
     "                                                       io['indices'])\n"},
    {"fractional_max_pool2d_backward",
     "    g = io['grad_output']\n"
     "    return torch.ops.aten.fractional_max_pool2d_backward(\n"
     "        g, io['self'], [P['kernel']] * 2, list(g.shape[2:]), io['indices'])\n"},
    {"fractional_max_pool3d_backward",
     "    g = io['grad_output']\n"
     "    return torch.ops.aten.fractional_max_pool3d_backward(\n"
     "        g, io['self'], [P['kernel']] * 3, list(g.shape[2:]), io['indices'])\n"},
    {"max_unpool1d",
     "    return F.max_unpool1d(io['input'], io['indices'], P['kernel'], P['stride'])\n"},
    {"max_unpool2d",
     "    return F.max_unpool2d(io['input'], io['indices'], P['kernel'], P['stride'])\n"},
    {"max_unpool3d",
     "    return F.max_unpool3d(io['input'], io['indices'], P['kernel'], P['stride'])\n"},
    {"upsample_linear1d_backward",
     "    g = io['grad_output']\n"
     "    return torch.ops.aten.upsample_linear1d_backward(\n"
     "        g, [g.shape[2]], [g.shape[0], g.shape[1], P['width']], False)\n"},
    {"upsample_bilinear2d_backward",
     "    g = io['grad_output']\n"
     "    return torch.ops.aten.upsample_bilinear2d_backward(\n"
     "        g, [g.shape[2], g.shape[3]], [g.shape[0], g.shape[1], P['height'], P['width']],\n"
     "        False)\n"},
    {"upsample_bicubic2d_backward",
     "    g = io['grad_output']\n"
     "    return torch.ops.aten.upsample_bicubic2d_backward(\n"
     "        g, [g.shape[2], g.shape[3]], [g.shape[0], g.shape[1], P['height'], P['width']],\n"
     "        False)\n"},
    {"upsample_trilinear3d_backward",
     "    g = io['grad_output']\n"
     "    return torch.ops.aten.upsample_trilinear3d_backward(\n"
     "        g, [g.shape[2], g.shape[3], g.shape[4]],\n"
     "        [g.shape[0], g.shape[1], P['depth'], P['height'], P['width']], False)\n"},
    {"avg_pool3d_backward",
     "    g = io['grad_output']\n"
     "    k, s, pad = P['kernel'], P['stride'], P['padding']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
     "                       device=DEVICE)\n"
     "    return torch.ops.aten.avg_pool3d_backward(g, self, [k] * 3, [s] * 3, [pad] * 3, False,\n"
     "                                              True, None)\n"},
    {"adaptive_avg_pool2d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
     "    return torch.ops.aten._adaptive_avg_pool2d_backward(g, self)\n"},
    {"adaptive_avg_pool3d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
     "                       device=DEVICE)\n"
     "    return torch.ops.aten._adaptive_avg_pool3d_backward(g, self)\n"},
    {"replication_pad1d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['width'], device=DEVICE)\n"
     "    return torch.ops.aten.replication_pad1d_backward(g, self, [P['pad']] * 2)\n"},
    {"replication_pad3d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
     "                       device=DEVICE)\n"
     "    return torch.ops.aten.replication_pad3d_backward(g, self, [P['pad']] * 6)\n"},
    {"reflection_pad1d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['width'], device=DEVICE)\n"
     "    return torch.ops.aten.reflection_pad1d_backward(g, self, [P['pad']] * 2)\n"},
    {"reflection_pad3d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['depth'], P['height'], P['width'],\n"
     "                       device=DEVICE)\n"
     "    return torch.ops.aten.reflection_pad3d_backward(g, self, [P['pad']] * 6)\n"},
    {"replication_pad2d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
     "    return torch.ops.aten.replication_pad2d_backward(g, self, [P['pad']] * 4)\n"},
    {"reflection_pad2d_backward",
     "    g = io['grad_output']\n"
     "    self = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
     "    return torch.ops.aten.reflection_pad2d_backward(g, self, [P['pad']] * 4)\n"},
    {"grid_sampler_2d_backward",
     "    g = io['grad_output']\n"
     "    inp = torch.zeros(g.shape[0], g.shape[1], P['height'], P['width'], device=DEVICE)\n"
     "    return torch.ops.aten.grid_sampler_2d_backward(g, inp, io['grid'], 0, 0, False,\n"
     "                                                   [True, False])[0]\n"},
    {"histc", "    return torch.histc(io['input'], bins=P['bins'], min=-1, max=1)\n"},
    {"cumsum", "    return torch.cumsum(io['input'], 0)\n"},
    {"matmul", "    return torch.matmul(io['a'], io['b']).unsqueeze(0)\n"},
    {"bmm_sparse",
     "    shape = (P['batch'], P['rows'], P['inner'])\n"
     "    a = torch.sparse_coo_tensor(io['indices'], io['values'], shape).coalesce()\n"
     "    return torch.bmm(a, io['dense'])\n"},
    {"conv2d_forward",
     "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"
     "    return F.conv2d(io['input'], io['weight'], stride=P['stride'], padding=P['padding'])\n"},
    {"conv2d_backward_data",
     "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"
     "    w = io['weight']\n"
     "    shape = (P['batch'], P['in_channels'], P['height'], P['width'])\n"
     "    return torch.nn.grad.conv2d_input(shape, w, io['grad_output'], stride=P['stride'],\n"
     "                                      padding=P['padding'])\n"},
    {"conv2d_backward_filter",
     "    torch.backends.cudnn.allow_tf32 = bool(P['tf32'])\n"
     "    shape = (P['out_channels'], P['in_channels'], P['kernel'], P['kernel'])\n"
     "    return torch.nn.grad.conv2d_weight(io['input'], shape, io['grad_output'],\n"
     "                                       stride=P['stride'], padding=P['padding'])\n"},
    {"rnn_forward", DETBENCH_RNN_MODULE "    with torch.no_grad():\n"
                                        "        return m(io['x'])[0]\n"},
    {"rnn_backward_weights",
     DETBENCH_RNN_MODULE "    m(io['x'])[0].backward(io['dy'])\n"
                         "    return torch.cat([w.grad.flatten() for w in m.parameters()])\n"},
};
#undef DETBENCH_RNN_MODULE

// The ops without a call: the random ops, whose streams are the generator's, not the inputs',
// and the catalog's entries without a definition.
constexpr std::array<std::string_view, 4> kWithoutCall{"rand", "randn", "dropout",
                                                       "resize_quantized"};

// Every op of the op list has a call here or is named in kWithoutCall, once, and nothing else is
// named: an op added to the list without its call does not compile.
constexpr bool callsFollowTheOpList() {
  const auto count = [](std::string_view op) {
    int n = 0;
    for (const auto& call : kCalls) n += call.first == op ? 1 : 0;
    for (const auto name : kWithoutCall) n += name == op ? 1 : 0;
    return n;
  };
  for (const auto op : kOpNames) {
    if (count(op) != 1) return false;
  }
  return std::size(kCalls) + kWithoutCall.size() == kOpNames.size();
}
static_assert(callsFollowTheOpList(),
              "core/src/export/PyTorchCalls.cpp: every op of OpList.hpp needs its PyTorch call "
              "(or a place in kWithoutCall), and only those");

}  // namespace

std::optional<std::string> pytorchCallBody(std::string_view op, bool severalStreams) {
  if (op.empty() || (op == "matmul" && severalStreams)) return std::nullopt;
  for (const auto& [name, body] : kCalls) {
    if (name == op) return std::string(body);
  }
  return std::nullopt;
}

}  // namespace detbench::exporting
