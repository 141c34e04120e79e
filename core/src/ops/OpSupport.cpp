#include "detbench/ops/OpSupport.hpp"

#include "ops/OpDefinitionImpl.hpp"

namespace detbench::ops {

std::vector<double> toDouble(const HostTensor& tensor, bool absolute) {
  std::vector<double> out(static_cast<std::size_t>(tensor.numel()));
  if (tensor.dtype() == DType::Float32) {
    const auto in = tensor.as<float>();
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i] = absolute ? std::fabs(static_cast<double>(in[i])) : static_cast<double>(in[i]);
    }
  } else if (tensor.dtype() == DType::Float64) {
    const auto in = tensor.as<double>();
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = absolute ? std::fabs(in[i]) : in[i];
  } else {
    const auto in = tensor.as<std::int64_t>();
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<double>(in[i]);
  }
  return out;
}

DoubleInputs doubleInputs(const OpInputs& inputs, bool absolute) {
  DoubleInputs d;
  for (const auto& t : inputs.tensors) {
    d.floats.push_back(t.dtype() == DType::Int64 ? std::vector<double>{} : toDouble(t, absolute));
  }
  return d;
}

HostTensor uniformTensor(const TensorSpec& spec, const DataGenerator& data, std::uint64_t stream) {
  HostTensor t(spec.shape, spec.dtype);
  data.uniform(t.as<float>(), stream, -1.0f, 1.0f);
  return t;
}

HostTensor indexTensor(const TensorSpec& spec, const DataGenerator& data, std::uint64_t stream,
                       std::int64_t bound) {
  HostTensor t(spec.shape, DType::Int64);
  data.indices(t.as<std::int64_t>(), stream, bound);
  return t;
}

}  // namespace detbench::ops
