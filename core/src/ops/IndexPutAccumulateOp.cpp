#include "detbench/ops/IndexPutAccumulateOp.hpp"

#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

std::vector<TensorSpec> IndexPutAccumulateOp::inputSpecs(const Problem& p) {
  std::vector<TensorSpec> specs = IndexAddOp::inputSpecs(p);
  specs[kIndices].name = "indices";
  specs[kValues].name = "values";
  return specs;
}

std::unique_ptr<OpDefinition> makeIndexPutAccumulateDefinition() {
  return makeDefinition<IndexPutAccumulateOp>();
}

}  // namespace detbench::ops
