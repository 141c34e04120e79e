#pragma once
// A one-layer, one-direction recurrent network as torch.nn.RNN (tanh) and torch.nn.LSTM run it
// (input [time, batch, input], h0 = c0 = 0, both biases), in two ops:
//  - rnn_forward: the outputs h_t of every step, [time, batch, hidden];
//  - rnn_backward_weights: the gradients of the weights for an upstream gradient dy of the
//    outputs, [w_ih, w_hh, b_ih, b_hh] flattened in that order (PyTorch's parameter order).
//    Each trial runs the forward pass, the backward pass through time, then the weight
//    gradients, as cuDNN's RNN API does (cudnnRNNForward, cudnnRNNBackwardData_v8,
//    cudnnRNNBackwardWeights_v8).
// LSTM gates are PyTorch's, in its order i, f, g, o:
//   gates = (W_ih x_t + b_ih) + (W_hh h_{t-1} + b_hh)
//   c_t = f c_{t-1} + i g,  h_t = o tanh(c_t)
// and the tanh RNN is h_t = tanh(gates) with one gate.
//
// Order of the sequential form: each gate's dot products in index order; the weight gradients
// summed over time steps from the last to the first (as the backward pass produces them), and
// within a step over the batch in index order. On cuda, cuDNN's own order (its GEMMs and, by
// PyTorch's documentation, cuBLAS's workspace: CUBLAS_WORKSPACE_CONFIG). On cpu-threads, the
// deterministic form keeps the sequential order with the batch rows (forward and backward
// through time) and the gradient rows (weights) spread over the threads; the atomic form, a
// detbench contrast, sums each time step's share of the weight gradients on its own thread and
// adds it to the result with atomics, in whatever order the steps finish.

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct RnnProblem {
  std::int64_t batch, time, input, hidden;
  bool lstm;
  bool tf32;

  std::int64_t gates() const { return lstm ? 4 : 1; }
  std::int64_t gateRows() const { return gates() * hidden; }  // rows of w_ih and w_hh
  // The flattened weight gradient: w_ih, w_hh, b_ih, b_hh.
  std::int64_t weightElements() const { return gateRows() * (input + hidden + 2); }
  // Per step and batch row: the activated gates, c_t and h_t (what the backward pass reads).
  std::int64_t savedPerRow() const { return gateRows() + 2 * hidden; }

  template <typename T>
  static T sigmoid(T v) {
    return T{1} / (T{1} + std::exp(-v));
  }

  // The pre-activation of gate row r over the input features [k0, k1) and the hidden units
  // [j0, j1), each dot product in index order (the whole of it: 0 to input, 0 to hidden).
  template <typename T>
  T inputDot(const T* x, const T* wIh, std::int64_t r, std::int64_t k0, std::int64_t k1) const {
    T in{0};
    for (std::int64_t k = k0; k < k1; ++k) in += wIh[r * input + k] * x[k];
    return in;
  }
  template <typename T>
  T hiddenDot(const T* hPrev, const T* wHh, std::int64_t r, std::int64_t j0,
              std::int64_t j1) const {
    T rec{0};
    for (std::int64_t k = j0; k < j1; ++k) rec += wHh[r * hidden + k] * hPrev[k];
    return rec;
  }

  // The activations of one step and row from its pre-activations (in `saved`'s gate part,
  // replaced by the activated gates), with c_t and h_t.
  template <typename T>
  void activate(const T* cPrev, T* saved) const {
    T* act = saved;
    T* c = saved + gateRows();
    T* h = c + hidden;
    if (!lstm) {
      for (std::int64_t j = 0; j < hidden; ++j) {
        act[j] = std::tanh(act[j]);
        c[j] = T{0};
        h[j] = act[j];
      }
      return;
    }
    for (std::int64_t j = 0; j < hidden; ++j) {
      const T i = sigmoid(act[j]);
      const T f = sigmoid(act[hidden + j]);
      const T g = std::tanh(act[2 * hidden + j]);
      const T o = sigmoid(act[3 * hidden + j]);
      act[j] = i;
      act[hidden + j] = f;
      act[2 * hidden + j] = g;
      act[3 * hidden + j] = o;
      c[j] = f * cPrev[j] + i * g;
      h[j] = o * std::tanh(c[j]);
    }
  }

  // One forward step of batch row b. x: this row's input [input]; hPrev, cPrev: the row's state
  // (c unused by the tanh RNN); saved: [gates activated | c_t | h_t] of this step and row.
  template <typename T>
  void forwardRow(const T* x, const T* wIh, const T* wHh, const T* bIh, const T* bHh,
                  const T* hPrev, const T* cPrev, T* saved) const {
    for (std::int64_t r = 0; r < gateRows(); ++r) {
      saved[r] =
          (inputDot(x, wIh, r, 0, input) + bIh[r]) + (hiddenDot(hPrev, wHh, r, 0, hidden) + bHh[r]);
    }
    activate(cPrev, saved);
  }

  // One backward step of batch row b: from dy of this step and row, the gradient arriving from
  // step t + 1 (dhNext, dcNext), the saved values of this step and of the previous one (null at
  // t = 0), the gradients of the gates' pre-activations (dGates [gateRows]); then dhPrev and
  // dcPrev for step t - 1 (dhPrev = W_hh^T dGates, each in gate-row order).
  template <typename T>
  void backwardRow(const T* dy, const T* dhNext, const T* dcNext, const T* saved,
                   const T* savedPrev, const T* wHh, T* dGates, T* dhPrev, T* dcPrev) const {
    const std::int64_t rows = gateRows();
    const T* act = saved;
    const T* c = saved + rows;
    for (std::int64_t j = 0; j < hidden; ++j) {
      const T dh = dy[j] + dhNext[j];
      if (!lstm) {
        const T h = act[j];
        dGates[j] = dh * (T{1} - h * h);
        continue;
      }
      const T i = act[j], f = act[hidden + j], g = act[2 * hidden + j], o = act[3 * hidden + j];
      const T tc = std::tanh(c[j]);
      const T cPrev = savedPrev != nullptr ? savedPrev[rows + j] : T{0};
      const T dOut = dh * tc;
      const T dc = dh * o * (T{1} - tc * tc) + dcNext[j];
      dGates[j] = dc * g * i * (T{1} - i);
      dGates[hidden + j] = dc * cPrev * f * (T{1} - f);
      dGates[2 * hidden + j] = dc * i * (T{1} - g * g);
      dGates[3 * hidden + j] = dOut * o * (T{1} - o);
      dcPrev[j] = dc * f;
    }
    for (std::int64_t k = 0; k < hidden; ++k) {
      T acc{0};
      for (std::int64_t r = 0; r < rows; ++r) acc += wHh[r * hidden + k] * dGates[r];
      dhPrev[k] = acc;
    }
  }

  // Element `e` of the flattened weight gradient, summed over the steps [t0, t1) from the last
  // to the first and the batch in order. dGates [time, batch, gateRows]; saved [time, batch,
  // savedPerRow] (h_{t-1} is the previous step's h, zero at t = 0).
  template <typename T>
  T weightGradient(std::int64_t e, const T* x, const T* dGates, const T* saved, std::int64_t t0,
                   std::int64_t t1) const {
    const std::int64_t rows = gateRows();
    const std::int64_t ihEnd = rows * input;
    const std::int64_t hhEnd = ihEnd + rows * hidden;
    T acc{0};
    for (std::int64_t t = t1 - 1; t >= t0; --t) {
      for (std::int64_t b = 0; b < batch; ++b) {
        const T* dg = dGates + (t * batch + b) * rows;
        if (e < ihEnd) {
          acc += dg[e / input] * x[(t * batch + b) * input + e % input];
        } else if (e < hhEnd) {
          if (t == 0) continue;  // h_{-1} = 0
          const std::int64_t r = (e - ihEnd) / hidden;
          const T* hPrev = saved + ((t - 1) * batch + b) * savedPerRow() + rows + hidden;
          acc += dg[r] * hPrev[(e - ihEnd) % hidden];
        } else {
          acc += dg[(e - hhEnd) % rows];
        }
      }
    }
    return acc;
  }

  // The whole forward pass in the sequential order; saved [time, batch, savedPerRow].
  template <typename T>
  void forward(const T* x, const T* wIh, const T* wHh, const T* bIh, const T* bHh, T* saved) const {
    const std::vector<T> zeros(static_cast<std::size_t>(hidden), T{0});
    const std::int64_t per = savedPerRow();
    for (std::int64_t t = 0; t < time; ++t) {
      for (std::int64_t b = 0; b < batch; ++b) {
        const T* prev = t == 0 ? nullptr : saved + ((t - 1) * batch + b) * per;
        forwardRow(x + (t * batch + b) * input, wIh, wHh, bIh, bHh,
                   prev ? prev + gateRows() + hidden : zeros.data(),
                   prev ? prev + gateRows() : zeros.data(), saved + (t * batch + b) * per);
      }
    }
  }

  // The backward pass through time in the sequential order: dGates [time, batch, gateRows].
  template <typename T>
  void backward(const T* dy, const T* wHh, const T* saved, T* dGates) const {
    const auto h = static_cast<std::size_t>(hidden);
    std::vector<T> dh(h * 2 * static_cast<std::size_t>(batch), T{0});  // [2][batch][hidden]
    std::vector<T> dc(dh.size(), T{0});
    const std::int64_t per = savedPerRow();
    for (std::int64_t t = time - 1; t >= 0; --t) {
      const std::size_t in = static_cast<std::size_t>((time - 1 - t) % 2) * h;
      const std::size_t out = h - in;
      for (std::int64_t b = 0; b < batch; ++b) {
        const std::size_t row = static_cast<std::size_t>(b) * 2 * h;
        backwardRow(dy + (t * batch + b) * hidden, dh.data() + row + in, dc.data() + row + in,
                    saved + (t * batch + b) * per,
                    t == 0 ? nullptr : saved + ((t - 1) * batch + b) * per, wHh,
                    dGates + (t * batch + b) * gateRows(), dh.data() + row + out,
                    dc.data() + row + out);
      }
    }
  }
};

RnnProblem rnnProblem(const OpParams& params);
const std::vector<ParamSpec>& rnnParams();

// What both ops share: the parameters, the problem, and the members every op struct has.
struct RnnOpCommon {
  static constexpr std::string_view kSizeParam = "size";
  using Problem = RnnProblem;
  static const std::vector<ParamSpec>& params() { return rnnParams(); }
  static Problem problem(const OpParams& p) { return rnnProblem(p); }
};

struct RnnForwardOp : RnnOpCommon {
  static constexpr std::string_view kName = "rnn_forward";
  enum Input { kX, kWIh, kWHh, kBIh, kBHh };
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p);
};

struct RnnBackwardWeightsOp : RnnOpCommon {
  static constexpr std::string_view kName = "rnn_backward_weights";
  enum Input { kX, kWIh, kWHh, kBIh, kBHh, kDy };
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p);

  // The whole op in the sequential order (forward, backward through time, weight gradients).
  template <typename T>
  static void sequential(const Problem& p, const T* x, const T* wIh, const T* wHh, const T* bIh,
                         const T* bHh, const T* dy, T* out) {
    std::vector<T> saved(static_cast<std::size_t>(p.time * p.batch * p.savedPerRow()));
    std::vector<T> dGates(static_cast<std::size_t>(p.time * p.batch * p.gateRows()));
    p.forward(x, wIh, wHh, bIh, bHh, saved.data());
    p.backward(dy, wHh, saved.data(), dGates.data());
    for (std::int64_t e = 0; e < p.weightElements(); ++e) {
      out[e] = p.weightGradient(e, x, dGates.data(), saved.data(), 0, p.time);
    }
  }
};

}  // namespace detbench::ops
