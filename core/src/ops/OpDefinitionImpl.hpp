#pragma once
// Adapts an op struct (static functions, see include/detbench/ops/) to OpDefinition.

#include <memory>
#include <string>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

template <typename Op>
class OpDefinitionImpl final : public OpDefinition {
 public:
  std::string_view name() const override { return Op::kName; }
  const std::vector<ParamSpec>& params() const override { return Op::params(); }
  std::string_view sizeParam() const override { return Op::kSizeParam; }
  std::vector<TensorSpec> inputSpecs(const OpParams& p) const override {
    return Op::inputSpecs(Op::problem(p));
  }
  TensorSpec outputSpec(const OpParams& p) const override { return Op::outputSpec(Op::problem(p)); }
  std::vector<HostTensor> makeInputs(const OpParams& p, const DataGenerator& data) const override {
    return Op::makeInputs(Op::problem(p), data);
  }
  Reference reference(const OpParams& p, const OpInputs& inputs) const override {
    return Op::reference(Op::problem(p), inputs);
  }
  std::int64_t maxTermsPerElement(const OpParams& p) const override {
    return Op::maxTerms(Op::problem(p));
  }
  std::int64_t batchRows(const OpParams& p) const override {
    if constexpr (requires { Op::batchRows(Op::problem(p)); }) {
      return Op::batchRows(Op::problem(p));
    } else {
      return 0;
    }
  }
  OpParams batchParams(const OpParams& p, std::int64_t rows) const override {
    if constexpr (requires { Op::batchParams(Op::problem(p), rows); }) {
      return Op::batchParams(Op::problem(p), rows);
    } else {
      return p;
    }
  }
};

template <typename Op>
std::unique_ptr<OpDefinition> makeDefinition() {
  return std::make_unique<OpDefinitionImpl<Op>>();
}

// Input tensors from specs, float inputs uniform in [-1, 1), each from its own stream.
HostTensor uniformTensor(const TensorSpec& spec, const DataGenerator& data, std::uint64_t stream);
HostTensor indexTensor(const TensorSpec& spec, const DataGenerator& data, std::uint64_t stream,
                       std::int64_t bound);

}  // namespace detbench::ops
