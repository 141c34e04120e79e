#include "detbench/ops/RnnOps.hpp"

#include <algorithm>
#include <cmath>

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& rnnParams() {
  static const std::vector<ParamSpec> specs{
      {"size", "sequences (the batch)", 32, 1, 4096},
      {"time", "time steps", 50, 1, 4096},
      {"input", "input features", 64, 1, 4096},
      {"hidden", "hidden units", 64, 1, 4096},
      {"mode", "1: LSTM (torch.nn.LSTM); 0: tanh RNN (torch.nn.RNN)", 1, 0, 1},
      {"tf32", "1: let cuDNN use TF32 (PyTorch's default for cudnn.allow_tf32; cuda only)", 0, 0,
       1},
  };
  return specs;
}

RnnProblem rnnProblem(const OpParams& p) {
  return {param(p, "size"),   param(p, "time"),      param(p, "input"),
          param(p, "hidden"), param(p, "mode") != 0, param(p, "tf32") != 0};
}

namespace {

std::vector<TensorSpec> commonSpecs(const RnnProblem& p) {
  return {{"x", {p.time, p.batch, p.input}, DType::Float32},
          {"w_ih", {p.gateRows(), p.input}, DType::Float32},
          {"w_hh", {p.gateRows(), p.hidden}, DType::Float32},
          {"b_ih", {p.gateRows()}, DType::Float32},
          {"b_hh", {p.gateRows()}, DType::Float32}};
}

// x uniform in [-1, 1); the weights and biases uniform in [-1/sqrt(hidden), 1/sqrt(hidden)),
// PyTorch's initialisation of RNN and LSTM.
std::vector<HostTensor> commonInputs(const RnnProblem& p, const std::vector<TensorSpec>& specs,
                                     const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[0], data, 1));
  const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(p.hidden)));
  for (std::size_t i = 1; i < 5; ++i) {
    HostTensor w = uniformTensor(specs[i], data, 1 + i);
    for (auto& v : w.as<float>()) v *= scale;
    t.push_back(std::move(w));
  }
  return t;
}

struct DoubleWeights {
  std::vector<double> x, wIh, wHh, bIh, bHh;
  explicit DoubleWeights(const OpInputs& in)
      : x(toDouble(in.at(0), false)),
        wIh(toDouble(in.at(1), false)),
        wHh(toDouble(in.at(2), false)),
        bIh(toDouble(in.at(3), false)),
        bHh(toDouble(in.at(4), false)) {}
};

// The largest absolute pre-activation sum of step t and row b over the gate rows: the scale of
// the rounding errors of that step (the activations' derivatives are at most 1).
double preactivationScale(const RnnProblem& p, const DoubleWeights& d, const double* saved,
                          std::int64_t t, std::int64_t b) {
  const std::int64_t rows = p.gateRows();
  const double* x = d.x.data() + (t * p.batch + b) * p.input;
  const double* hPrev =
      t == 0 ? nullptr : saved + ((t - 1) * p.batch + b) * p.savedPerRow() + rows + p.hidden;
  double most = 1.0;
  for (std::int64_t r = 0; r < rows; ++r) {
    double s = std::fabs(d.bIh[static_cast<std::size_t>(r)]) +
               std::fabs(d.bHh[static_cast<std::size_t>(r)]);
    for (std::int64_t k = 0; k < p.input; ++k) {
      s += std::fabs(d.wIh[static_cast<std::size_t>(r * p.input + k)] * x[k]);
    }
    for (std::int64_t k = 0; hPrev != nullptr && k < p.hidden; ++k) {
      s += std::fabs(d.wHh[static_cast<std::size_t>(r * p.hidden + k)] * hPrev[k]);
    }
    most = std::max(most, s);
  }
  return most;
}

}  // namespace

std::vector<TensorSpec> RnnForwardOp::inputSpecs(const Problem& p) {
  return commonSpecs(p);
}
TensorSpec RnnForwardOp::outputSpec(const Problem& p) {
  return {"out", {p.time, p.batch, p.hidden}, DType::Float32};
}
std::vector<HostTensor> RnnForwardOp::makeInputs(const Problem& p, const DataGenerator& data) {
  return commonInputs(p, inputSpecs(p), data);
}
// A step's error is its dot products' (input + hidden + 2 terms, relative to the pre-activation
// scale) plus what the previous steps pass on, through derivatives of at most 1.
std::int64_t RnnForwardOp::maxTerms(const Problem& p) {
  return p.time * (p.input + p.hidden + 8);
}
Reference RnnForwardOp::reference(const Problem& p, const OpInputs& in) {
  const DoubleWeights d(in);
  std::vector<double> saved(static_cast<std::size_t>(p.time * p.batch * p.savedPerRow()));
  p.forward(d.x.data(), d.wIh.data(), d.wHh.data(), d.bIh.data(), d.bHh.data(), saved.data());
  const auto n = static_cast<std::size_t>(p.time * p.batch * p.hidden);
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  for (std::int64_t t = 0; t < p.time; ++t) {
    for (std::int64_t b = 0; b < p.batch; ++b) {
      const double* h =
          saved.data() + (t * p.batch + b) * p.savedPerRow() + p.gateRows() + p.hidden;
      const double scale = preactivationScale(p, d, saved.data(), t, b);
      for (std::int64_t j = 0; j < p.hidden; ++j) {
        const auto i = static_cast<std::size_t>((t * p.batch + b) * p.hidden + j);
        ref.value[i] = h[j];
        ref.magnitude[i] = scale;
      }
    }
  }
  return ref;
}

std::vector<TensorSpec> RnnBackwardWeightsOp::inputSpecs(const Problem& p) {
  auto specs = commonSpecs(p);
  specs.push_back({"dy", {p.time, p.batch, p.hidden}, DType::Float32});
  return specs;
}
TensorSpec RnnBackwardWeightsOp::outputSpec(const Problem& p) {
  return {"out", {p.weightElements()}, DType::Float32};
}
std::vector<HostTensor> RnnBackwardWeightsOp::makeInputs(const Problem& p,
                                                         const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  auto t = commonInputs(p, specs, data);
  t.push_back(uniformTensor(specs[kDy], data, 6));
  return t;
}
// The weight gradients sum time x batch products of gate gradients, each of which carries the
// rounding of the backward pass through the steps after it (dot products of gateRows terms)
// and of the forward pass before it.
std::int64_t RnnBackwardWeightsOp::maxTerms(const Problem& p) {
  return p.time * (p.batch + 4 * (p.gateRows() + p.input + p.hidden + 8));
}
Reference RnnBackwardWeightsOp::reference(const Problem& p, const OpInputs& in) {
  const DoubleWeights d(in);
  const std::vector<double> dy = toDouble(in.at(kDy), false);
  std::vector<double> saved(static_cast<std::size_t>(p.time * p.batch * p.savedPerRow()));
  std::vector<double> dGates(static_cast<std::size_t>(p.time * p.batch * p.gateRows()));
  p.forward(d.x.data(), d.wIh.data(), d.wHh.data(), d.bIh.data(), d.bHh.data(), saved.data());
  p.backward(dy.data(), d.wHh.data(), saved.data(), dGates.data());
  const auto n = static_cast<std::size_t>(p.weightElements());
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  for (std::int64_t e = 0; e < p.weightElements(); ++e) {
    ref.value[static_cast<std::size_t>(e)] =
        p.weightGradient(e, d.x.data(), dGates.data(), saved.data(), 0, p.time);
  }
  // The magnitude: the same sums over |operand| times the largest |gate gradient| of the step
  // and row (the scale of that gradient's own rounding error), at least 1 per step and row.
  std::vector<double> scaleOf(static_cast<std::size_t>(p.time * p.batch * p.gateRows()));
  std::vector<double> absSaved(saved.size());
  std::transform(saved.begin(), saved.end(), absSaved.begin(),
                 [](double v) { return std::fabs(v); });
  std::vector<double> absX(d.x.size());
  std::transform(d.x.begin(), d.x.end(), absX.begin(), [](double v) { return std::fabs(v); });
  for (std::int64_t tb = 0; tb < p.time * p.batch; ++tb) {
    const auto first = dGates.begin() + tb * p.gateRows();
    double most = 1.0;
    for (auto it = first; it != first + p.gateRows(); ++it) most = std::max(most, std::fabs(*it));
    std::fill(scaleOf.begin() + tb * p.gateRows(), scaleOf.begin() + (tb + 1) * p.gateRows(), most);
  }
  for (std::int64_t e = 0; e < p.weightElements(); ++e) {
    ref.magnitude[static_cast<std::size_t>(e)] =
        p.weightGradient(e, absX.data(), scaleOf.data(), absSaved.data(), 0, p.time);
  }
  return ref;
}

std::unique_ptr<OpDefinition> makeRnnForwardDefinition() {
  return makeDefinition<RnnForwardOp>();
}
std::unique_ptr<OpDefinition> makeRnnBackwardWeightsDefinition() {
  return makeDefinition<RnnBackwardWeightsOp>();
}

}  // namespace detbench::ops
