#pragma once
// ctc_loss backward: the gradient of torch.nn.functional.ctc_loss (reduction 'sum', blank 0,
// every input and target at full length) with respect to its log_probs [time, batch, classes],
// for log_probs that are a log_softmax and targets [batch, target_length] of labels 1 to
// classes - 1. Per sequence: the forward variables alpha and the backward variables beta over
// the extended target (blanks between the labels, and at both ends), the negative log
// likelihood, then for every time step and class
//   grad = exp(lp) - exp(logsumexp over positions s whose label is c of (alpha + beta) + nll - lp).
//
// The sequential form is PyTorch's CPU kernel (LossCTC.cpp), in its order: alpha and beta by
// their recursions in log space (each step the log of the sum of up to three exponentials
// around their maximum), and each class's logsumexp accumulated over the positions s in
// decreasing order. PyTorch's CUDA kernel instead adds each position's term to the gradient
// with atomicAdd (the blank class is at every other position, and a label repeated in the
// target shares its class): the order of those additions varies run to run, and PyTorch
// raises `ctc_loss_backward_gpu` in deterministic mode. The atomic forms here do the same; the
// deterministic forms (an extension on cuda) gather each class's positions in that order.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "detbench/base/HostDevice.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

DETBENCH_HD inline float ctcExp(float x) {
#ifdef __CUDA_ARCH__
  return ::expf(x);
#else
  return std::exp(x);
#endif
}
DETBENCH_HD inline double ctcExp(double x) {
#ifdef __CUDA_ARCH__
  return ::exp(x);
#else
  return std::exp(x);
#endif
}
DETBENCH_HD inline float ctcLog(float x) {
#ifdef __CUDA_ARCH__
  return ::logf(x);
#else
  return std::log(x);
#endif
}
DETBENCH_HD inline double ctcLog(double x) {
#ifdef __CUDA_ARCH__
  return ::log(x);
#else
  return std::log(x);
#endif
}

struct CtcLossBackwardOp {
  static constexpr std::string_view kName = "ctc_loss_backward";
  static constexpr std::string_view kSizeParam = "size";

  struct Problem {
    std::int64_t batch, time, classes, targetLength;
    DETBENCH_HD std::int64_t extended() const { return 2 * targetLength + 1; }
    DETBENCH_HD std::int64_t elements() const { return time * batch * classes; }
  };
  enum Input { kLogProbs, kTargets };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  // The recursions carry log values of about time * log(classes) through time steps, and the
  // gradient takes exp of alpha + beta + nll - lp, a difference of such values.
  static std::int64_t maxTerms(const Problem& p);

  template <typename T>
  DETBENCH_HD static T negInf() {
    return -std::numeric_limits<T>::infinity();
  }

  // The label at extended position s of sequence b: blank (0) at even s.
  DETBENCH_HD static std::int64_t label(const Problem& p, const std::int64_t* targets,
                                        std::int64_t b, std::int64_t s) {
    return s % 2 == 0 ? 0 : targets[b * p.targetLength + s / 2];
  }
  template <typename T>
  DETBENCH_HD static T lp(const Problem& p, const T* logProbs, std::int64_t t, std::int64_t b,
                          std::int64_t c) {
    return logProbs[(t * p.batch + b) * p.classes + c];
  }

  // log(exp(a - m) + exp(b - m) + exp(c - m)) + m around the largest, as PyTorch writes it.
  template <typename T>
  DETBENCH_HD static T logSum3(T a, T b, T c, T max) {
    if (max == negInf<T>()) max = T{0};
    return ctcLog(ctcExp(a - max) + ctcExp(b - max) + ctcExp(c - max)) + max;
  }

  // Alpha and beta of sequence b (each time x extended, row-major), and its negative log
  // likelihood.
  template <typename T>
  DETBENCH_HD static T alphaBeta(const Problem& p, const T* logProbs, const std::int64_t* targets,
                                 std::int64_t b, T* alpha, T* beta) {
    const std::int64_t L = p.extended();
    for (std::int64_t s = 0; s < L; ++s) {
      alpha[s] = s < 2 ? lp(p, logProbs, 0, b, label(p, targets, b, s)) : negInf<T>();
    }
    for (std::int64_t t = 1; t < p.time; ++t) {
      const T* prev = alpha + (t - 1) * L;
      for (std::int64_t s = 0; s < L; ++s) {
        const T la1 = prev[s];
        T lamax = la1;
        T la2 = negInf<T>();
        T la3 = negInf<T>();
        if (s > 0) {
          la2 = prev[s - 1];
          if (la2 > lamax) lamax = la2;
        }
        if (s > 1 && label(p, targets, b, s - 2) != label(p, targets, b, s)) {
          la3 = prev[s - 2];
          if (la3 > lamax) lamax = la3;
        }
        alpha[t * L + s] =
            logSum3(la1, la2, la3, lamax) + lp(p, logProbs, t, b, label(p, targets, b, s));
      }
    }
    const std::int64_t last = (p.time - 1) * L;
    for (std::int64_t s = 0; s < L; ++s) {
      beta[last + s] =
          s >= L - 2 ? lp(p, logProbs, p.time - 1, b, label(p, targets, b, s)) : negInf<T>();
    }
    for (std::int64_t t = p.time - 2; t >= 0; --t) {
      const T* next = beta + (t + 1) * L;
      for (std::int64_t s = 0; s < L; ++s) {
        const T lb1 = next[s];
        T lbmax = lb1;
        T lb2 = negInf<T>();
        T lb3 = negInf<T>();
        if (s < L - 1) {
          lb2 = next[s + 1];
          if (lb2 > lbmax) lbmax = lb2;
        }
        if (s < L - 2 && label(p, targets, b, s + 2) != label(p, targets, b, s)) {
          lb3 = next[s + 2];
          if (lb3 > lbmax) lbmax = lb3;
        }
        beta[t * L + s] =
            logSum3(lb1, lb2, lb3, lbmax) + lp(p, logProbs, t, b, label(p, targets, b, s));
      }
    }
    const T l1 = alpha[last + L - 1];
    const T l2 = alpha[last + L - 2];
    T m = l1 > l2 ? l1 : l2;
    if (m == negInf<T>()) m = T{0};
    return -(ctcLog(ctcExp(l1 - m) + ctcExp(l2 - m)) + m);
  }

  // The gradient of sequence b at time t, PyTorch's CPU order: each class's logsumexp over its
  // positions s in decreasing order (PyTorch folds it into the beta loop, which runs s down;
  // into lcab, classes long), then the formula.
  template <typename T>
  DETBENCH_HD static void gradientRow(const Problem& p, const T* logProbs,
                                      const std::int64_t* targets, std::int64_t b, std::int64_t t,
                                      const T* alpha, const T* beta, T nll, T* lcab, T* grad) {
    const std::int64_t L = p.extended();
    for (std::int64_t c = 0; c < p.classes; ++c) lcab[c] = negInf<T>();
    for (std::int64_t s = L - 1; s >= 0; --s) {
      const std::int64_t c = label(p, targets, b, s);
      const T lab = alpha[t * L + s] + beta[t * L + s];
      T& acc = lcab[c];
      if (acc == negInf<T>()) {
        acc = lab;
      } else {
        const T m = acc > lab ? acc : lab;
        acc = ctcLog(ctcExp(acc - m) + ctcExp(lab - m)) + m;
      }
    }
    for (std::int64_t c = 0; c < p.classes; ++c) {
      const T l = lp(p, logProbs, t, b, c);
      grad[(t * p.batch + b) * p.classes + c] = ctcExp(l) - ctcExp(lcab[c] + nll - l);
    }
  }

  // Position s's term at time t, as PyTorch's CUDA kernel adds it: -exp(alpha + beta + nll - lp).
  template <typename T>
  DETBENCH_HD static T atomicTerm(const Problem& p, const T* logProbs, const std::int64_t* targets,
                                  std::int64_t b, std::int64_t t, std::int64_t s, const T* alpha,
                                  const T* beta, T nll) {
    const std::int64_t L = p.extended();
    const T l = lp(p, logProbs, t, b, label(p, targets, b, s));
    return -ctcExp(alpha[t * L + s] + beta[t * L + s] + nll - l);
  }

  template <typename T>
  static void sequential(const Problem& p, const T* logProbs, const std::int64_t* targets,
                         T* grad) {
    const auto L = static_cast<std::size_t>(p.extended());
    std::vector<T> alpha(static_cast<std::size_t>(p.time) * L);
    std::vector<T> beta(alpha.size());
    std::vector<T> lcab(static_cast<std::size_t>(p.classes));
    for (std::int64_t b = 0; b < p.batch; ++b) {
      const T nll = alphaBeta(p, logProbs, targets, b, alpha.data(), beta.data());
      for (std::int64_t t = 0; t < p.time; ++t) {
        gradientRow(p, logProbs, targets, b, t, alpha.data(), beta.data(), nll, lcab.data(), grad);
      }
    }
  }
};

}  // namespace detbench::ops
