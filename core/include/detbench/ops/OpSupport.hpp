#pragma once
// Helpers shared by the op definitions: float64 copies of inputs for the reference, and the
// reference/magnitude pair computed by running an op's sequential template in double.

#include <cmath>
#include <cstdint>
#include <vector>

#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

// A float32 or int64 input converted to double; with `absolute`, |x| for floats (indices are
// never made absolute).
std::vector<double> toDouble(const HostTensor& tensor, bool absolute);

// Converted inputs for the reference: floats become double, int64 stays int64 (by pointer).
struct DoubleInputs {
  std::vector<std::vector<double>> floats;  // per input; empty for int64 inputs
  const double* f(std::size_t i) const { return floats.at(i).data(); }
};
DoubleInputs doubleInputs(const OpInputs& inputs, bool absolute);

inline const std::int64_t* indexData(const OpInputs& inputs, std::size_t i) {
  return inputs.at(i).as<std::int64_t>().data();
}

// Runs `run(const DoubleInputs&, double* out)` on the inputs and on their absolute values.
template <typename Run>
Reference referenceBySequential(const OpInputs& inputs, Run run) {
  const auto n = static_cast<std::size_t>(numel(inputs.output.shape));
  Reference ref{std::vector<double>(n), std::vector<double>(n)};
  run(doubleInputs(inputs, false), ref.value.data());
  run(doubleInputs(inputs, true), ref.magnitude.data());
  return ref;
}

}  // namespace detbench::ops
