#pragma once
// What an op is, independent of any device: its parameters, the inputs it takes (made once per
// trial set from the data seed), its output, and a float64 reference.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/op/DataGenerator.hpp"
#include "detbench/op/OpParams.hpp"
#include "detbench/op/Tensor.hpp"

namespace detbench {

struct TensorSpec {
  std::string name;
  Shape shape;
  DType dtype;
};

// The generated inputs of one trial set and the shape of the output.
struct OpInputs {
  std::vector<TensorSpec> specs;
  std::vector<HostTensor> tensors;
  TensorSpec output;
  std::uint64_t fingerprint = 0;  // XXH3 over all input bytes

  const HostTensor& at(std::size_t i) const { return tensors.at(i); }
};

// The float64 reference: the op's value computed in double, and the magnitude (the same op on
// the absolute values of its float inputs), which bounds the rounding error of any order of
// summation: |computed - value| <= terms * eps * magnitude.
struct Reference {
  std::vector<double> value;
  std::vector<double> magnitude;
};

class OpDefinition {
 public:
  virtual ~OpDefinition() = default;
  virtual std::string_view name() const = 0;
  virtual const std::vector<ParamSpec>& params() const = 0;
  // The parameter that --size sets.
  virtual std::string_view sizeParam() const = 0;
  // Input and output specs for resolved params; raises InvalidArgument for inconsistent ones.
  virtual std::vector<TensorSpec> inputSpecs(const OpParams& params) const = 0;
  virtual TensorSpec outputSpec(const OpParams& params) const = 0;
  virtual std::vector<HostTensor> makeInputs(const OpParams& params,
                                             const DataGenerator& data) const = 0;
  virtual Reference reference(const OpParams& params, const OpInputs& inputs) const = 0;
  // Upper bound on the number of terms summed into one output element (for error bounds).
  virtual std::int64_t maxTermsPerElement(const OpParams& params) const = 0;

  // Ops with a batch dimension: rows that do not depend on one another, the leading dimension
  // of the output and of every input made per row (inputs made from a counter-based stream, so
  // that the first B rows of a batch are the same numbers whatever its size). batchRows is the
  // number of rows params describe (0: the op has no batch dimension, or not with these params),
  // and batchParams the params of its first `rows` rows, every other dimension pinned to what
  // params resolve to.
  virtual std::int64_t batchRows(const OpParams& params) const = 0;
  virtual OpParams batchParams(const OpParams& params, std::int64_t rows) const = 0;
};

// Host bytes a trial set needs: inputs, output, trial-0 copy and the float64 reference.
std::int64_t estimateHostBytes(const OpDefinition& op, const OpParams& params);

// Resolves params, checks the memory estimate against `memoryLimitBytes` (refusing before
// anything is allocated), generates the inputs and fingerprints them.
OpInputs prepareInputs(const OpDefinition& op, const OpParams& params, std::uint64_t dataSeed,
                       std::int64_t memoryLimitBytes);

// The fingerprint of a set of inputs (OpInputs::fingerprint).
std::uint64_t fingerprintInputs(const std::vector<HostTensor>& tensors);

std::span<const std::unique_ptr<OpDefinition>> opDefinitions();
const OpDefinition* findOpDefinition(std::string_view name);
// Raises InvalidArgument listing the known ops.
const OpDefinition& opDefinition(std::string_view name);

}  // namespace detbench
