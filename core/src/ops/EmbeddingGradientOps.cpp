#include "detbench/ops/EmbeddingGradientOps.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/ops/OpSupport.hpp"
#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

const std::vector<ParamSpec>& EmbeddingBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of indices", 1 << 16, 1, std::int64_t{1} << 40},
      {"embeddings", "rows of the embedding table (fewer: more contention)", 64, 1,
       std::int64_t{1} << 40},
      {"cols", "embedding dimension", 16, 1, 1 << 20},
  };
  return specs;
}

EmbeddingBackwardOp::Problem EmbeddingBackwardOp::problem(const OpParams& p) {
  return {param(p, "size"), param(p, "embeddings"), param(p, "cols")};
}

std::vector<TensorSpec> EmbeddingBackwardOp::inputSpecs(const Problem& p) {
  return {{"indices", {p.size}, DType::Int64}, {"grad_output", {p.size, p.cols}, DType::Float32}};
}

TensorSpec EmbeddingBackwardOp::outputSpec(const Problem& p) {
  return {"grad_weight", {p.embeddings, p.cols}, DType::Float32};
}

std::vector<HostTensor> EmbeddingBackwardOp::makeInputs(const Problem& p,
                                                        const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(indexTensor(specs[kIndices], data, 1, p.embeddings));
  t.push_back(uniformTensor(specs[kGradOutput], data, 2));
  return t;
}

Reference EmbeddingBackwardOp::reference(const Problem& p, const OpInputs& in) {
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, indexData(in, kIndices), d.f(kGradOutput), out);
  });
}

std::unique_ptr<OpDefinition> makeEmbeddingBackwardDefinition() {
  return makeDefinition<EmbeddingBackwardOp>();
}

const std::vector<ParamSpec>& EmbeddingBagMaxBackwardOp::params() {
  static const std::vector<ParamSpec> specs{
      {"size", "number of indices (a multiple of bag_size)", 1 << 16, 1, std::int64_t{1} << 40},
      {"bag_size", "indices per bag", 16, 1, 1 << 20},
      {"embeddings", "rows of the embedding table (fewer: more contention)", 64, 1,
       std::int64_t{1} << 40},
      {"cols", "embedding dimension", 16, 1, 1 << 20},
  };
  return specs;
}

EmbeddingBagMaxBackwardOp::Problem EmbeddingBagMaxBackwardOp::problem(const OpParams& p) {
  Problem pr{param(p, "size"), param(p, "bag_size"), param(p, "embeddings"), param(p, "cols")};
  DETBENCH_CHECK_ARG(pr.size % pr.bagSize == 0,
                     "op embedding_bag_max_backward: size must be a multiple of bag_size");
  return pr;
}

std::vector<TensorSpec> EmbeddingBagMaxBackwardOp::inputSpecs(const Problem& p) {
  return {{"weight", {p.embeddings, p.cols}, DType::Float32},
          {"indices", {p.size}, DType::Int64},
          {"grad_output", {p.bags(), p.cols}, DType::Float32}};
}

TensorSpec EmbeddingBagMaxBackwardOp::outputSpec(const Problem& p) {
  return {"grad_weight", {p.embeddings, p.cols}, DType::Float32};
}

std::vector<HostTensor> EmbeddingBagMaxBackwardOp::makeInputs(const Problem& p,
                                                              const DataGenerator& data) {
  const auto specs = inputSpecs(p);
  std::vector<HostTensor> t;
  t.push_back(uniformTensor(specs[kWeight], data, 1));
  t.push_back(indexTensor(specs[kIndices], data, 2, p.embeddings));
  t.push_back(uniformTensor(specs[kGradOutput], data, 3));
  return t;
}

Reference EmbeddingBagMaxBackwardOp::reference(const Problem& p, const OpInputs& in) {
  const float* weight = in.at(kWeight).as<float>().data();
  return referenceBySequential(in, [&](const DoubleInputs& d, double* out) {
    sequential<double>(p, weight, indexData(in, kIndices), d.f(kGradOutput), out);
  });
}

std::unique_ptr<OpDefinition> makeEmbeddingBagMaxBackwardDefinition() {
  return makeDefinition<EmbeddingBagMaxBackwardOp>();
}

}  // namespace detbench::ops
