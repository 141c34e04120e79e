#pragma once
// An op's tensor on the device: its dtype, its element count and its memory. A kernel reads it
// through data<T>(), which checks that T is its dtype's element type, so a kernel and an op
// definition that disagree fail when the op is prepared, before anything runs, instead of
// reading the bytes as the wrong type.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "DeviceArray.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/op/Tensor.hpp"

namespace detbench::cuda {

// The dtype whose elements a kernel reads as T.
template <typename T>
struct DeviceElement;
template <>
struct DeviceElement<float> {
  static constexpr DType kDType = DType::Float32;
};
template <>
struct DeviceElement<double> {
  static constexpr DType kDType = DType::Float64;
};
template <>
struct DeviceElement<std::int64_t> {
  static constexpr DType kDType = DType::Int64;
};
// int64 counts added with CUDA's unsigned 64-bit atomicAdd: the same bits in two's complement.
template <>
struct DeviceElement<unsigned long long> {
  static constexpr DType kDType = DType::Int64;
};

class DeviceTensor {
 public:
  DeviceTensor() = default;
  // Uninitialised; no allocation for zero elements.
  DeviceTensor(DType dtype, std::int64_t elements)
      : dtype_(dtype),
        size_(elements),
        memory_(static_cast<std::size_t>(elements) * dtypeSize(dtype)) {}

  DType dtype() const noexcept { return dtype_; }
  std::int64_t size() const noexcept { return size_; }
  std::size_t bytes() const noexcept { return memory_.size(); }

  template <typename T>
  T* data() const {
    if (DeviceElement<T>::kDType != dtype_) {
      DETBENCH_THROW(InvalidArgument, "a cuda kernel reads a device tensor of dtype " +
                                          std::string(toString(dtype_)) + " as " +
                                          std::string(toString(DeviceElement<T>::kDType)));
    }
    return reinterpret_cast<T*>(memory_.data());
  }
  // The bytes, for copies to and from the host and the digest.
  void* raw() const noexcept { return memory_.data(); }

 private:
  DType dtype_ = DType::Float32;
  std::int64_t size_ = 0;
  DeviceBytes memory_;
};

// Device copies of an op's inputs, in its input order, and its output.
struct DeviceTensors {
  std::vector<DeviceTensor> inputs;
  DeviceTensor output;
  template <typename T>
  const T* in(std::size_t i) const {
    return inputs.at(i).data<T>();
  }
  template <typename T>
  T* out() const {
    return output.data<T>();
  }
};

}  // namespace detbench::cuda
