#include "detbench/ops/EmbeddingBagBackwardOp.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& EmbeddingBagBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of indices (a multiple of bag_size)", 1 << 20, 1, std::int64_t{1} << 40},
      {"bag_size", "indices per bag", 16, 1, 1 << 20},
      {"embeddings", "rows of the embedding table (fewer: more contention)", 4096, 1,
       std::int64_t{1} << 40},
      {"cols", "embedding dimension", 16, 1, 1 << 20},
      {"mode", "0 sum, 1 mean", 0, 0, 1},
  };
  return specs;
}

EmbeddingBagBackwardOp::Problem EmbeddingBagBackwardOp::problem(const OpParams& p) {
  Problem pr{param(p, "size"), param(p, "bag_size"), param(p, "embeddings"), param(p, "cols"),
             param(p, "mode")};
  DETBENCH_CHECK_ARG(pr.size % pr.bagSize == 0,
                     "op embedding_bag_backward: size must be a multiple of bag_size");
  return pr;
}

std::vector<TensorSpec> EmbeddingBagBackwardOp::inputSpecs(const Problem& p) {
  return {{"indices", {p.size}, DType::Int64}, {"grad_output", {p.bags(), p.cols}, DType::Float32}};
}

TensorSpec EmbeddingBagBackwardOp::outputSpec(const Problem& p) {
  return {"grad_weight", {p.embeddings, p.cols}, DType::Float32};
}

std::vector<HostTensor> EmbeddingBagBackwardOp::makeInputs(const Problem& p,
                                                           const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(indexTensor(specs[kIndices], data, 1, p.embeddings));
  t.push_back(uniformTensor(specs[kGradOutput], data, 2));
  return t;
}

Reference EmbeddingBagBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, indexData(in, kIndices), d.f(kGradOutput), out);
  });
}

std::unique_ptr<OpDefinition> makeEmbeddingBagBackwardDefinition() {
  return makeDefinition<EmbeddingBagBackwardOp>();
}

}  // namespace detbench::ops
