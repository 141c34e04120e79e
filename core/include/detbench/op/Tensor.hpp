#pragma once
// A small host tensor: shape, dtype and a move-only, 64-byte aligned buffer.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace detbench {

enum class DType { Float32, Float64, Int64 };

std::size_t dtypeSize(DType dtype);
std::string_view toString(DType dtype);  // "float32", "float64", "int64"

using Shape = std::vector<std::int64_t>;
std::int64_t numel(const Shape& shape);
std::string toString(const Shape& shape);  // "[2, 3]"

// Move-only owner of aligned host memory. Never default-copies: a copy is explicit (clone()).
class HostBuffer {
 public:
  HostBuffer() = default;
  explicit HostBuffer(std::size_t bytes);
  HostBuffer(HostBuffer&&) noexcept = default;
  HostBuffer& operator=(HostBuffer&&) noexcept = default;
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;

  std::size_t size() const noexcept { return bytes_; }
  std::byte* data() noexcept { return data_.get(); }
  const std::byte* data() const noexcept { return data_.get(); }
  HostBuffer clone() const;

 private:
  struct Free {
    void operator()(std::byte* p) const noexcept;
  };
  std::unique_ptr<std::byte, Free> data_;
  std::size_t bytes_ = 0;
};

class HostTensor {
 public:
  HostTensor() = default;
  HostTensor(Shape shape, DType dtype);  // zero-filled

  const Shape& shape() const noexcept { return shape_; }
  DType dtype() const noexcept { return dtype_; }
  std::int64_t numel() const noexcept { return numel_; }
  std::size_t bytes() const noexcept { return buffer_.size(); }
  std::byte* raw() noexcept { return buffer_.data(); }
  const std::byte* raw() const noexcept { return buffer_.data(); }

  template <typename T>
  std::span<T> as();
  template <typename T>
  std::span<const T> as() const;

  HostTensor clone() const;

 private:
  Shape shape_;
  DType dtype_ = DType::Float32;
  std::int64_t numel_ = 0;
  HostBuffer buffer_;
};

template <typename T>
constexpr DType dtypeOf();
template <>
constexpr DType dtypeOf<float>() {
  return DType::Float32;
}
template <>
constexpr DType dtypeOf<double>() {
  return DType::Float64;
}
template <>
constexpr DType dtypeOf<std::int64_t>() {
  return DType::Int64;
}

void checkDType(const HostTensor& tensor, DType expected);

template <typename T>
std::span<T> HostTensor::as() {
  checkDType(*this, dtypeOf<T>());
  return {reinterpret_cast<T*>(buffer_.data()), static_cast<std::size_t>(numel_)};
}

template <typename T>
std::span<const T> HostTensor::as() const {
  checkDType(*this, dtypeOf<T>());
  return {reinterpret_cast<const T*>(buffer_.data()), static_cast<std::size_t>(numel_)};
}

}  // namespace detbench
