// The torch devices' calls for the catalog's indexing, selection, unpooling and padding ops that
// have only a `cpu` reference among detbench's own devices: what a PyTorch user writes (the same
// as export-pytorch's bodies), on detbench's inputs.

#include "TorchOpTable.hpp"  // first: DETBENCH_TORCH_DECOMPOSITIONS chooses headers below

#include <ATen/TensorOperators.h>
#include <ATen/core/grad_mode.h>
#include <ATen/ops/_adaptive_avg_pool3d_backward.h>
#include <ATen/ops/adaptive_max_pool2d_backward.h>
#include <ATen/ops/arange.h>
#include <ATen/ops/embedding.h>
#include <ATen/ops/embedding_bag.h>
#include <ATen/ops/fractional_max_pool2d_backward.h>
#include <ATen/ops/fractional_max_pool3d_backward.h>
#include <ATen/ops/kthvalue.h>
#include <ATen/ops/max_pool3d_with_indices_backward.h>
#include <ATen/ops/max_unpool2d.h>
#include <ATen/ops/max_unpool3d.h>
#include <ATen/ops/median.h>
#include <ATen/ops/reflection_pad1d_backward.h>
#include <ATen/ops/reflection_pad3d_backward.h>
#include <ATen/ops/replication_pad1d_backward.h>
#include <ATen/ops/replication_pad3d_backward.h>
#include <ATen/ops/zeros.h>

#include <vector>

#include "TorchCallArgs.hpp"

namespace detbench::torchdev {

namespace {

using Dims = std::vector<std::int64_t>;

// A fresh gradient for the next trial, as a new leaf would start with.
void clearGrad(at::Tensor& leaf) {
  leaf.mutable_grad() = at::Tensor();
}

// The leaf `x` the backward ops differentiate (zeros: the gradients do not depend on its values),
// made once; each trial starts it with no gradient.
at::Tensor& freshLeaf(TorchCallArgs& a) {
  at::Tensor& x = a.tensors.at("x");
  clearGrad(x);
  return x;
}

Dims gradShape(const TorchCallArgs& a) {
  const auto s = a.in("grad_output").sizes();
  return Dims(s.begin(), s.end());
}

// The padding backward ops' input: the grad_output's batch and channels with the op's sizes.
Dims padInputShape(const TorchCallArgs& a, int dims) {
  const Dims g = gradShape(a);
  Dims d{g.at(0), g.at(1)};
  if (dims == 3) d.push_back(a.p("depth"));
  if (dims >= 2) d.push_back(a.p("height"));
  d.push_back(a.p("width"));
  return d;
}

// F.max_unpool's output size: (in - 1) * stride + kernel along each unpooled dimension.
Dims unpoolSize(const TorchCallArgs& a, int dims) {
  const auto in = a.in("input").sizes();
  Dims out;
  for (int d = 0; d < dims; ++d) {
    out.push_back((in[in.size() - static_cast<std::size_t>(dims - d)] - 1) * a.p("stride") +
                  a.p("kernel"));
  }
  return out;
}

}  // namespace

void leafRowsSetup(TorchCallArgs& a) {
  a.tensors["x"] = at::zeros({a.p("rows")}, a.options).requires_grad_(true);
}

void leafMatrixSetup(TorchCallArgs& a) {
  a.tensors["x"] = at::zeros({a.p("rows"), a.p("cols")}, a.options).requires_grad_(true);
}

void paddingSetup1d(TorchCallArgs& a) {
  a.tensors["zeros"] = at::zeros(padInputShape(a, 1), a.options);
}

void paddingSetup3d(TorchCallArgs& a) {
  a.tensors["zeros"] = at::zeros(padInputShape(a, 3), a.options);
}

at::Tensor indexPut(TorchCallArgs& a) {
  c10::List<c10::optional<at::Tensor>> indices;
  indices.push_back(a.in("index"));
  return a.in("self").clone().index_put_(indices, a.in("values"));
}

at::Tensor put(TorchCallArgs& a) {
  return a.in("self").clone().put_(a.in("index"), a.in("source"));
}

at::Tensor indexCopy(TorchCallArgs& a) {
  return a.in("self").clone().index_copy_(0, a.in("index"), a.in("source"));
}

at::Tensor scatter(TorchCallArgs& a) {
  return a.in("self").clone().scatter_(0, a.in("index"), a.in("source"));
}

at::Tensor indexReduceProd(TorchCallArgs& a) {
  return a.in("self").clone().index_reduce_(0, a.in("index"), a.in("source"), "prod");
}

at::Tensor gatherBackward(TorchCallArgs& a) {
  // x = torch.zeros(rows, requires_grad=True); x.gather(0, index).backward(grad_output); x.grad
  at::Tensor& x = freshLeaf(a);
  x.gather(0, a.in("index")).backward(a.in("grad_output"));
  return x.grad();
}

at::Tensor indexSelectBackward(TorchCallArgs& a) {
  at::Tensor& x = freshLeaf(a);
  x.index_select(0, a.in("index")).backward(a.in("grad_output"));
  return x.grad();
}

at::Tensor repeatInterleaveBackward(TorchCallArgs& a) {
  at::Tensor& x = freshLeaf(a);
  x.repeat_interleave(a.p("repeats"), 0).backward(a.in("grad_output"));
  return x.grad();
}

void embeddingBagMaxSetup(TorchCallArgs& a) {
  // weight = io['weight'].clone().requires_grad_(True); offsets every bag_size indices.
  a.tensors["leaf_weight"] = a.in("weight").clone().requires_grad_(true);
  const at::Tensor& indices = a.in("indices");
  a.tensors["offsets"] = at::arange(0, indices.numel(), a.p("bag_size"), indices.options());
}

at::Tensor embeddingBagMaxBackward(TorchCallArgs& a) {
  // F.embedding_bag(indices, weight, offsets, mode='max').backward(grad_output); weight.grad
  at::Tensor& weight = a.tensors.at("leaf_weight");
  clearGrad(weight);
  std::get<0>(at::embedding_bag(weight, a.in("indices"), a.in("offsets"), false, /*max=*/2, false))
      .backward(a.in("grad_output"));
  return weight.grad();
}

void embeddingSetup(TorchCallArgs& a) {
  a.tensors["leaf_weight"] =
      at::zeros({a.p("embeddings"), a.p("cols")}, a.options).requires_grad_(true);
}

at::Tensor embeddingBackward(TorchCallArgs& a) {
  // F.embedding(indices, weight).backward(grad_output); weight.grad
  at::Tensor& weight = a.tensors.at("leaf_weight");
  clearGrad(weight);
  at::embedding(weight, a.in("indices")).backward(a.in("grad_output"));
  return weight.grad();
}

at::Tensor kthvalueIndices(TorchCallArgs& a) {
  return std::get<1>(at::kthvalue(a.in("input"), a.p("k"), 1));
}

at::Tensor medianIndices(TorchCallArgs& a) {
  return std::get<1>(at::median(a.in("input"), 1));
}

at::Tensor maxPool3dBackward(TorchCallArgs& a) {
  const std::int64_t k = a.p("kernel"), s = a.p("stride");
  return at::max_pool3d_with_indices_backward(a.in("grad_output"), a.in("self"), {k, k, k},
                                              {s, s, s}, {0, 0, 0}, {1, 1, 1}, false,
                                              a.in("indices"));
}

at::Tensor adaptiveMaxPool2dBackward(TorchCallArgs& a) {
  return at::adaptive_max_pool2d_backward(a.in("grad_output"), a.in("self"), a.in("indices"));
}

at::Tensor fractionalMaxPool2dBackward(TorchCallArgs& a) {
  const std::int64_t k = a.p("kernel");
  const Dims g = gradShape(a);
  return at::fractional_max_pool2d_backward(a.in("grad_output"), a.in("self"), {k, k}, {g[2], g[3]},
                                            a.in("indices"));
}

at::Tensor fractionalMaxPool3dBackward(TorchCallArgs& a) {
  const std::int64_t k = a.p("kernel");
  const Dims g = gradShape(a);
  return at::fractional_max_pool3d_backward(a.in("grad_output"), a.in("self"), {k, k, k},
                                            {g[2], g[3], g[4]}, a.in("indices"));
}

at::Tensor maxUnpool1d(TorchCallArgs& a) {
  // F.max_unpool1d: max_unpool2d on a trailing dimension of 1.
  Dims size = unpoolSize(a, 1);
  size.push_back(1);
  return at::max_unpool2d(a.in("input").unsqueeze(-1), a.in("indices").unsqueeze(-1), size)
      .squeeze(-1);
}

at::Tensor maxUnpool2d(TorchCallArgs& a) {
  return at::max_unpool2d(a.in("input"), a.in("indices"), unpoolSize(a, 2));
}

at::Tensor maxUnpool3d(TorchCallArgs& a) {
  const std::int64_t s = a.p("stride");
  return at::max_unpool3d(a.in("input"), a.in("indices"), unpoolSize(a, 3), {s, s, s}, {0, 0, 0});
}

at::Tensor adaptiveAvgPool3dBackward(TorchCallArgs& a) {
  return at::_adaptive_avg_pool3d_backward(a.in("grad_output"), a.in("zeros"));
}

at::Tensor reflectionPad1dBackward(TorchCallArgs& a) {
  const std::int64_t p = a.p("pad");
  return at::reflection_pad1d_backward(a.in("grad_output"), a.in("zeros"), {p, p});
}

at::Tensor reflectionPad3dBackward(TorchCallArgs& a) {
  const std::int64_t p = a.p("pad");
  return at::reflection_pad3d_backward(a.in("grad_output"), a.in("zeros"), {p, p, p, p, p, p});
}

// F.pad(mode='replicate') takes its decomposition for 1-D and 3-D padding from 2.3 on (for 2-D
// from 2.2: replicationPad2dBackward).
at::Tensor replicationPad1dBackward(TorchCallArgs& a) {
  const std::int64_t p = a.p("pad");
#if DETBENCH_TORCH_DECOMPOSITIONS
  if (pythonDecomposes(a, 3)) {
    return decompositionBackward(a, padInputShape(a, 1), [p](const at::Tensor& x) {
      return replicationPadDecomposition(x, {p, p});
    });
  }
#endif
  return at::replication_pad1d_backward(a.in("grad_output"), a.in("zeros"), {p, p});
}

at::Tensor replicationPad3dBackward(TorchCallArgs& a) {
  const std::int64_t p = a.p("pad");
#if DETBENCH_TORCH_DECOMPOSITIONS
  if (pythonDecomposes(a, 3)) {
    return decompositionBackward(a, padInputShape(a, 3), [p](const at::Tensor& x) {
      return replicationPadDecomposition(x, {p, p, p, p, p, p});
    });
  }
#endif
  return at::replication_pad3d_backward(a.in("grad_output"), a.in("zeros"), {p, p, p, p, p, p});
}

}  // namespace detbench::torchdev
