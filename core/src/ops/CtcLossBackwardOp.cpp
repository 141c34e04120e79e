#include "detbench/ops/CtcLossBackwardOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& CtcLossBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "sequences (the batch)", 16, 1, 4096},
      {"time", "time steps of each input", 50, 1, 4096},
      {"classes", "classes, blank (0) included", 20, 2, 4096},
      {"target_length", "labels in each target (at most (time - 1) / 2)", 20, 1, 2047},
  };
  return specs;
}

CtcLossBackwardOp::Problem CtcLossBackwardOp::problem(const OpParams& p) {
  const Problem pr{param(p, "size"), param(p, "time"), param(p, "classes"),
                   param(p, "target_length")};
  DETBENCH_CHECK_ARG(pr.extended() <= pr.time,
                     "ctc_loss_backward: target_length " + std::to_string(pr.targetLength) +
                         " needs at least " + std::to_string(pr.extended()) +
                         " time steps (2 target_length + 1), not " + std::to_string(pr.time));
  return pr;
}

std::int64_t CtcLossBackwardOp::maxTerms(const Problem& p) {
  std::int64_t log2Classes = 1;
  while ((std::int64_t{1} << log2Classes) < p.classes) ++log2Classes;
  return 4 * p.time * (p.time * log2Classes + 8);
}

std::vector<TensorSpec> CtcLossBackwardOp::inputSpecs(const Problem& p) {
  return {{"log_probs", {p.time, p.batch, p.classes}, DType::Float32},
          {"targets", {p.batch, p.targetLength}, DType::Int64}};
}
TensorSpec CtcLossBackwardOp::outputSpec(const Problem& p) {
  return {"out", {p.time, p.batch, p.classes}, DType::Float32};
}

std::vector<HostTensor> CtcLossBackwardOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  // Scores uniform in [-2, 2), then log_softmax over the classes (in double, rounded once).
  HostTensor scores = uniformTensor(specs[kLogProbs], data, 1);
  auto x = scores.as<float>();
  for (std::int64_t row = 0; row < p.time * p.batch; ++row) {
    float* r = x.data() + row * p.classes;
    double m = -1e30;
    for (std::int64_t c = 0; c < p.classes; ++c) m = std::max(m, 2.0 * r[c]);
    double sum = 0;
    for (std::int64_t c = 0; c < p.classes; ++c) sum += std::exp(2.0 * r[c] - m);
    const double logSum = std::log(sum) + m;
    for (std::int64_t c = 0; c < p.classes; ++c) {
      r[c] = static_cast<float>(2.0 * r[c] - logSum);
    }
  }
  t.push_back(std::move(scores));
  // Labels 1 to classes - 1.
  HostTensor targets = indexTensor(specs[kTargets], data, 2, p.classes - 1);
  for (auto& v : targets.as<std::int64_t>()) v += 1;
  t.push_back(std::move(targets));
  return t;
}

Reference CtcLossBackwardOp::reference(const Problem& p, const OpInputs& in) {
  const auto n = static_cast<std::size_t>(p.elements());
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  const std::vector<double> lp = toDouble(in.at(kLogProbs), false);
  const std::int64_t* targets = in.at(kTargets).as<std::int64_t>().data();
  sequential<double>(p, lp.data(), targets, ref.value.data());
  // The two terms' sizes: exp(lp) and exp(logsumexp(alpha + beta) + nll - lp) = exp(lp) - grad.
  for (std::size_t i = 0; i < n; ++i) {
    const double e = std::exp(lp[i]);
    ref.magnitude[i] = e + std::fabs(e - ref.value[i]);
  }
  return ref;
}

std::unique_ptr<OpDefinition> makeCtcLossBackwardDefinition() {
  return makeDefinition<CtcLossBackwardOp>();
}

}  // namespace detbench::ops
