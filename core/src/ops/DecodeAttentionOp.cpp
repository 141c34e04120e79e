#include "detbench/ops/DecodeAttentionOp.hpp"

#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& DecodeAttentionOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "sequences (the batch), one query each", 8, 1, 4096},
      {"heads", "attention heads", 8, 1, 256},
      {"head_dim", "dimensions per head", 64, 1, 1024},
      {"kv_len", "keys and values in each sequence's cache", 2048, 1, 1 << 20},
      {"batch_invariant",
       "1: split the cache by a fixed size (256 keys) whatever the batch, not by a count that "
       "fills the device",
       0, 0, 1},
  };
  return specs;
}

DecodeAttentionOp::Problem DecodeAttentionOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "heads"), param(p, "head_dim"), param(p, "kv_len"),
          param(p, "batch_invariant") != 0};
}

OpParams DecodeAttentionOp::batchParams(const Problem& p, std::int64_t rows) {
  return {{"size", rows},
          {"heads", p.heads},
          {"head_dim", p.headDim},
          {"kv_len", p.kvLen},
          {"batch_invariant", p.batchInvariant ? 1 : 0}};
}

std::vector<TensorSpec> DecodeAttentionOp::inputSpecs(const Problem& p) {
  return {{"q", {p.batch, p.heads, p.headDim}, DType::Float32},
          {"k", {p.batch, p.heads, p.kvLen, p.headDim}, DType::Float32},
          {"v", {p.batch, p.heads, p.kvLen, p.headDim}, DType::Float32}};
}
TensorSpec DecodeAttentionOp::outputSpec(const Problem& p) {
  return {"out", {p.batch, p.heads, p.headDim}, DType::Float32};
}
std::vector<HostTensor> DecodeAttentionOp::makeInputs(const Problem& p, const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  for (std::size_t i = 0; i < specs.size(); ++i) t.push_back(uniformTensor(specs[i], data, i + 1));
  return t;
}

Reference DecodeAttentionOp::reference(const Problem& p, const OpInputs& in) {
  const auto n = static_cast<std::size_t>(p.rows() * p.headDim);
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  const std::vector<double> q = toDouble(in.at(kQ), false);
  const std::vector<double> k = toDouble(in.at(kK), false);
  const std::vector<double> v = toDouble(in.at(kV), false);
  const std::vector<double> absV = toDouble(in.at(kV), true);
  sequential<double>(p, q.data(), k.data(), v.data(), ref.value.data());
  // The magnitude: the same weights over |v| (the weighted mean of |v|).
  sequential<double>(p, q.data(), k.data(), absV.data(), ref.magnitude.data());
  return ref;
}

std::unique_ptr<OpDefinition> makeDecodeAttentionDefinition() {
  return makeDefinition<DecodeAttentionOp>();
}

}  // namespace detbench::ops
