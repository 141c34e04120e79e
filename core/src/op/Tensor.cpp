#include "detbench/op/Tensor.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include "detbench/base/Error.hpp"

namespace detbench {

std::size_t dtypeSize(DType dtype) {
  switch (dtype) {
    case DType::Float32:
      return 4;
    case DType::Float64:
      return 8;
    case DType::Int64:
      return 8;
  }
  return 0;
}

std::string_view toString(DType dtype) {
  switch (dtype) {
    case DType::Float32:
      return "float32";
    case DType::Float64:
      return "float64";
    case DType::Int64:
      return "int64";
  }
  return "?";
}

std::int64_t numel(const Shape& shape) {
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

std::string toString(const Shape& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

void HostBuffer::Free::operator()(std::byte* p) const noexcept {
  std::free(p);
}

HostBuffer::HostBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  constexpr std::size_t kAlign = 64;
  const std::size_t rounded = (bytes + kAlign - 1) / kAlign * kAlign;
  auto* p = static_cast<std::byte*>(std::aligned_alloc(kAlign, rounded));
  if (p == nullptr) {
    DETBENCH_THROW(OutOfMemory,
                   "could not allocate " + std::to_string(bytes) + " bytes of host memory");
  }
  data_.reset(p);
}

HostBuffer HostBuffer::clone() const {
  HostBuffer copy(bytes_);
  if (bytes_) std::memcpy(copy.data(), data(), bytes_);
  return copy;
}

HostTensor::HostTensor(Shape shape, DType dtype)
    : shape_(std::move(shape)), dtype_(dtype), numel_(detbench::numel(shape_)) {
  for (auto d : shape_) DETBENCH_CHECK_ARG(d >= 0, "tensor dimensions must not be negative");
  buffer_ = HostBuffer(static_cast<std::size_t>(numel_) * dtypeSize(dtype_));
  if (buffer_.size()) std::memset(buffer_.data(), 0, buffer_.size());
}

HostTensor HostTensor::clone() const {
  HostTensor copy;
  copy.shape_ = shape_;
  copy.dtype_ = dtype_;
  copy.numel_ = numel_;
  copy.buffer_ = buffer_.clone();
  return copy;
}

void checkDType(const HostTensor& tensor, DType expected) {
  if (tensor.dtype() != expected) {
    DETBENCH_THROW(InvalidArgument, "tensor has dtype " + std::string(toString(tensor.dtype())) +
                                        ", expected " + std::string(toString(expected)));
  }
}

}  // namespace detbench
