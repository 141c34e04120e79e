// The torch devices' ops whose measured part is a backward pass through autograd (embedding_bag,
// ctc_loss, the RNN's weight gradients, F.interpolate's deterministic decomposition) and the
// RNN's forward pass, as a PyTorch user runs them: the forward call, then .backward() on its
// output, then the leaf's .grad.

#include "TorchOpTable.hpp"  // first: DETBENCH_TORCH_DECOMPOSITIONS chooses headers below

#include <ATen/Context.h>
#include <ATen/TensorOperators.h>
#include <ATen/core/Reduction.h>
#include <ATen/core/grad_mode.h>
#include <ATen/ops/_cudnn_rnn_flatten_weight.h>
#include <ATen/ops/arange.h>
#include <ATen/ops/cat.h>
#include <ATen/ops/ctc_loss.h>
#include <ATen/ops/embedding_bag.h>
#include <ATen/ops/full.h>
#include <ATen/ops/lstm.h>
#include <ATen/ops/replication_pad2d_backward.h>
#include <ATen/ops/rnn_tanh.h>
#include <ATen/ops/upsample_bilinear2d_backward.h>
#include <ATen/ops/upsample_trilinear3d_backward.h>
#include <ATen/ops/zeros.h>
#if DETBENCH_TORCH_DECOMPOSITIONS
#include <ATen/ops/_unsafe_index.h>
#include <ATen/ops/clamp.h>
#endif

#include <functional>
#include <vector>

#include "TorchCallArgs.hpp"

namespace detbench::torchdev {

namespace {

// A fresh gradient for the next trial, as a new module or leaf would start with.
void clearGrad(at::Tensor& leaf) {
  leaf.mutable_grad() = at::Tensor();
}

const char* const kRnnWeights[] = {"w_ih", "w_hh", "b_ih", "b_hh"};

std::vector<at::Tensor> rnnParams(TorchCallArgs& a) {
  std::vector<at::Tensor> params;
  for (const char* name : kRnnWeights) params.push_back(a.in(std::string("param_") + name));
  return params;
}

at::Tensor rnnOutput(TorchCallArgs& a, const std::vector<at::Tensor>& params) {
  const at::Tensor& x = a.in("x");
  const at::Tensor h0 = at::zeros({1, x.size(1), a.p("hidden")}, a.options);
  if (a.p("mode") != 0) {
    return std::get<0>(at::lstm(x, {h0, h0}, params, true, 1, 0.0, true, false, false));
  }
  return std::get<0>(at::rnn_tanh(x, h0, params, true, 1, 0.0, true, false, false));
}

}  // namespace

#if DETBENCH_TORCH_DECOMPOSITIONS
// F.interpolate's deterministic path (torch._decomp.decompositions._upsample_linear): the output as
// gathers of the input (_unsafe_index) blended by their weights, so that its backward is index_put_
// with accumulate, which is deterministic. The same ops in the same order as the Python, so the
// same kernels add in the same order; align_corners=False, the output size given (scale = input
// size / output size).
at::Tensor upsampleLinearDecomposition(const at::Tensor& input,
                                       const std::vector<std::int64_t>& out) {
  const std::size_t dims = out.size();
  std::vector<at::Tensor> xsF32, xs, xp1s;
  for (std::size_t d = 0; d < dims; ++d) {
    const std::int64_t inSize = input.size(static_cast<std::int64_t>(2 + d));
    const double scale = static_cast<double>(inSize) / static_cast<double>(out[d]);
    const at::Tensor i = at::arange(out[d], input.options().dtype(at::kLong)).to(at::kFloat);
    at::Tensor xF32 = ((i + 0.5) * scale - 0.5).clamp_min(0.0);
    std::vector<std::int64_t> shape{out[d]};
    shape.resize(dims - d, 1);  // out[d] followed by one 1 per later dimension
    xF32 = xF32.reshape(shape);
    const at::Tensor x = xF32.to(at::kLong);
    xp1s.push_back((x + 1).clamp_max(inSize - 1));
    xsF32.push_back(xF32);
    xs.push_back(x);
  }
  // Every corner: itertools.product over {x, x + 1} per dimension, the last dimension fastest.
  std::vector<at::Tensor> vs;
  for (std::size_t corner = 0; corner < (std::size_t{1} << dims); ++corner) {
    c10::List<c10::optional<at::Tensor>> idx;
    idx.push_back(c10::optional<at::Tensor>());
    idx.push_back(c10::optional<at::Tensor>());
    for (std::size_t d = 0; d < dims; ++d) {
      const bool upper = (corner >> (dims - 1 - d)) & 1u;
      idx.push_back(upper ? xp1s[d] : xs[d]);
    }
    vs.push_back(at::_unsafe_index(input, idx));
  }
  for (std::size_t d = dims; d-- > 0;) {
    const at::Tensor xscale = (xsF32[d] - xs[d]).clamp(0.0, 1.0).to(at::kFloat);
    std::vector<at::Tensor> next;
    for (std::size_t k = 0; k + 1 < vs.size(); k += 2) {
      next.push_back(vs[k] + at::mul(vs[k + 1] - vs[k], xscale));
    }
    vs = std::move(next);
  }
  return vs.front().contiguous();
}

// The input gradient through a decomposition: zeros as the input (each op is linear in it).
at::Tensor decompositionBackward(TorchCallArgs& a, const std::vector<std::int64_t>& inputShape,
                                 const std::function<at::Tensor(const at::Tensor&)>& forward) {
  at::Tensor input = at::zeros(inputShape, a.options).requires_grad_(true);
  forward(input).backward(a.in("grad_output"));
  return input.grad();
}

bool pythonDecomposes(const TorchCallArgs& a, int sinceMinor) {
  const bool release = DETBENCH_TORCH_AT_LEAST(2, sinceMinor);
  return release && !a.options.device().is_cpu() && at::globalContext().deterministicAlgorithms();
}

// F.pad(mode='replicate')'s deterministic path (torch._decomp.decompositions._replication_pad):
// each padded dimension a gather at arange(-left, size + right) clamped into the input, so that
// its backward is index_put_ with accumulate. `padding` as F.pad takes it, last dimension first.
at::Tensor replicationPadDecomposition(const at::Tensor& input,
                                       const std::vector<std::int64_t>& padding) {
  const std::int64_t dims = static_cast<std::int64_t>(padding.size() / 2);
  const std::int64_t ncDims = input.dim() - dims;
  at::Tensor result = input;
  for (std::int64_t i = 0; i < dims; ++i) {
    const std::int64_t left = padding[static_cast<std::size_t>(2 * (dims - 1 - i))];
    const std::int64_t right = padding[static_cast<std::size_t>(2 * (dims - 1 - i) + 1)];
    const std::int64_t middle = input.size(ncDims + i);
    c10::List<c10::optional<at::Tensor>> idx;
    for (std::int64_t d = 0; d < result.dim(); ++d) {
      if (d == i + ncDims) {
        const at::Tensor range =
            at::arange(-left, middle + right, input.options().dtype(at::kLong));
        idx.push_back(at::clamp(range, 0, middle - 1));
      } else {
        idx.push_back(c10::optional<at::Tensor>());
      }
    }
    result = at::_unsafe_index(result, idx);
  }
  return result.contiguous();
}
#endif

at::Tensor upsampleBilinear2dBackward(TorchCallArgs& a) {
  const at::Tensor& g = a.in("grad_output");
  const std::vector<std::int64_t> input{g.size(0), g.size(1), a.p("height"), a.p("width")};
#if DETBENCH_TORCH_DECOMPOSITIONS
  if (pythonDecomposes(a, 5)) {
    const std::vector<std::int64_t> out{g.size(2), g.size(3)};
    return decompositionBackward(
        a, input, [&](const at::Tensor& x) { return upsampleLinearDecomposition(x, out); });
  }
#endif
  return at::upsample_bilinear2d_backward(g, {g.size(2), g.size(3)}, input, false);
}

at::Tensor upsampleTrilinear3dBackward(TorchCallArgs& a) {
  const at::Tensor& g = a.in("grad_output");
  const std::vector<std::int64_t> input{g.size(0), g.size(1), a.p("depth"), a.p("height"),
                                        a.p("width")};
#if DETBENCH_TORCH_DECOMPOSITIONS
  if (pythonDecomposes(a, 9)) {
    const std::vector<std::int64_t> out{g.size(2), g.size(3), g.size(4)};
    return decompositionBackward(
        a, input, [&](const at::Tensor& x) { return upsampleLinearDecomposition(x, out); });
  }
#endif
  return at::upsample_trilinear3d_backward(g, {g.size(2), g.size(3), g.size(4)}, input, false);
}

at::Tensor replicationPad2dBackward(TorchCallArgs& a) {
  const at::Tensor& g = a.in("grad_output");
  const std::int64_t pad = a.p("pad");
  const std::vector<std::int64_t> input{g.size(0), g.size(1), a.p("height"), a.p("width")};
#if DETBENCH_TORCH_DECOMPOSITIONS
  if (pythonDecomposes(a, 2)) {
    const std::vector<std::int64_t> padding{pad, pad, pad, pad};
    return decompositionBackward(
        a, input, [&](const at::Tensor& x) { return replicationPadDecomposition(x, padding); });
  }
#endif
  return at::replication_pad2d_backward(g, a.in("zeros"), {pad, pad, pad, pad});
}

void embeddingBagSetup(TorchCallArgs& a) {
  // weight = torch.zeros(E, D, requires_grad=True); offsets every bag_size indices.
  a.tensors["weight"] = at::zeros({a.p("embeddings"), a.p("cols")}, a.options).requires_grad_(true);
  const at::Tensor& indices = a.in("indices");
  a.tensors["offsets"] = at::arange(0, indices.numel(), a.p("bag_size"), indices.options());
}

at::Tensor embeddingBagBackward(TorchCallArgs& a) {
  // F.embedding_bag(indices, weight, offsets, mode).backward(grad_output); weight.grad
  at::Tensor weight = a.in("weight");
  clearGrad(weight);
  const at::Tensor out = std::get<0>(
      at::embedding_bag(weight, a.in("indices"), a.in("offsets"), false, a.p("mode"), false));
  out.backward(a.in("grad_output"));
  return weight.grad();
}

at::Tensor ctcLossBackward(TorchCallArgs& a) {
  // lp = log_probs.detach().clone().requires_grad_(True); F.ctc_loss(lp, targets, input_lengths,
  // target_lengths, reduction='sum').backward(); lp.grad. The lengths are CPU long tensors, as
  // torch.full makes them.
  const at::Tensor& logProbs = a.in("log_probs");
  const at::Tensor& targets = a.in("targets");
  const std::int64_t time = logProbs.size(0), batch = logProbs.size(1);
  const at::Tensor inputLengths = at::full({batch}, time, at::kLong);
  const at::Tensor targetLengths = at::full({batch}, targets.size(1), at::kLong);
  at::Tensor lp = logProbs.detach().clone().requires_grad_(true);
  at::ctc_loss(lp, targets, inputLengths, targetLengths, 0, at::Reduction::Sum, false).backward();
  return lp.grad();
}

void rnnSetup(TorchCallArgs& a) {
  // torch.backends.cudnn.allow_tf32, then the module's parameters set to detbench's inputs. On
  // CUDA, nn.LSTM keeps its weights in one buffer laid out for cuDNN (flatten_parameters());
  // the same buffer is made here so that cuDNN runs as it does under the module.
  at::globalContext().setAllowTF32CuDNN(a.p("tf32") != 0);
  std::vector<at::Tensor> params;
  for (const char* name : kRnnWeights) params.push_back(a.in(name).clone());
  if (a.options.device().is_cuda()) {
    at::NoGradGuard noGrad;
    const std::int64_t cudnnMode = a.p("mode") != 0 ? 2 : 1;  // CUDNN_LSTM, CUDNN_RNN_TANH
    a.tensors["flat_weights"] = at::_cudnn_rnn_flatten_weight(params, 4, a.p("input"), cudnnMode,
                                                              a.p("hidden"), 0, 1, false, false);
  }
  for (std::size_t i = 0; i < params.size(); ++i) {
    a.tensors[std::string("param_") + kRnnWeights[i]] = params[i].requires_grad_(true);
  }
}

at::Tensor rnnForward(TorchCallArgs& a) {
  // with torch.no_grad(): m(x)[0]
  at::NoGradGuard noGrad;
  return rnnOutput(a, rnnParams(a));
}

at::Tensor rnnBackwardWeights(TorchCallArgs& a) {
  // m(x)[0].backward(dy); torch.cat([w.grad.flatten() for w in m.parameters()])
  std::vector<at::Tensor> params = rnnParams(a);
  for (auto& p : params) clearGrad(p);
  rnnOutput(a, params).backward(a.in("dy"));
  std::vector<at::Tensor> grads;
  for (const auto& p : params) grads.push_back(p.grad().flatten());
  return at::cat(grads);
}

}  // namespace detbench::torchdev
