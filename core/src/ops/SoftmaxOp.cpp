#include "detbench/ops/SoftmaxOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& SoftmaxOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "rows (the batch)", 64, 1, 65535},
      {"cols", "columns of a row (the vocabulary: logits)", 4096, 1, 1 << 20},
      {"log", "1: log_softmax", 0, 0, 1},
      {"batch_invariant",
       "1: every row reduced in one order whatever the batch (no split rows for small batches)", 0,
       0, 1},
  };
  return specs;
}

SoftmaxOp::Problem SoftmaxOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "cols"), param(p, "log") != 0,
          param(p, "batch_invariant") != 0};
}

OpParams SoftmaxOp::batchParams(const Problem& p, std::int64_t rows) {
  return {{"size", rows},
          {"cols", p.cols},
          {"log", p.log ? 1 : 0},
          {"batch_invariant", p.batchInvariant ? 1 : 0}};
}

std::vector<TensorSpec> SoftmaxOp::inputSpecs(const Problem& p) {
  return {{"x", {p.rows, p.cols}, DType::Float32}};
}
TensorSpec SoftmaxOp::outputSpec(const Problem& p) {
  return {"out", {p.rows, p.cols}, DType::Float32};
}
std::vector<HostTensor> SoftmaxOp::makeInputs(const Problem& p, const DataGenerator& data) {
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(inputSpecs(p)[kX], data, 1));
  return t;
}

Reference SoftmaxOp::reference(const Problem& p, const OpInputs& in) {
  const auto n = static_cast<std::size_t>(p.rows * p.cols);
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  const std::vector<double> x = toDouble(in.at(kX), false);
  sequential<double>(p, x.data(), ref.value.data());
  // softmax: the error is relative to y itself; log_softmax: to |x - m| + log(s), the size of
  // the terms it subtracts.
  for (std::int64_t r = 0; r < p.rows; ++r) {
    const double m = rowMax(p, x.data(), r);
    const double logSum = std::log(expSum(p, x.data(), r, m, 0, p.cols));
    for (std::int64_t j = 0; j < p.cols; ++j) {
      const auto i = static_cast<std::size_t>(r * p.cols + j);
      ref.magnitude[i] = p.log ? std::fabs(x[i] - m) + std::fabs(logSum) : std::fabs(ref.value[i]);
    }
  }
  return ref;
}

std::unique_ptr<OpDefinition> makeSoftmaxDefinition() {
  return makeDefinition<SoftmaxOp>();
}

}  // namespace detbench::ops
