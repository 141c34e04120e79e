// The torch devices' ops whose measured part is a backward pass through autograd (embedding_bag,
// ctc_loss, the RNN's weight gradients) and the RNN's forward pass, as a PyTorch user runs them:
// the forward call, then .backward() on its output, then the leaf's .grad.

#include <ATen/Context.h>
#include <ATen/core/Reduction.h>
#include <ATen/core/grad_mode.h>
#include <ATen/ops/_cudnn_rnn_flatten_weight.h>
#include <ATen/ops/arange.h>
#include <ATen/ops/cat.h>
#include <ATen/ops/ctc_loss.h>
#include <ATen/ops/embedding_bag.h>
#include <ATen/ops/full.h>
#include <ATen/ops/lstm.h>
#include <ATen/ops/rnn_tanh.h>
#include <ATen/ops/zeros.h>

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
