#pragma once
// A move-only owner of device memory holding `size()` elements of T (as RMM's device_buffer
// and device_uvector): the kernels get typed pointers from it, never a cast from void*.
// DeviceBytes is the untyped form, for the memory a library asks for by size (CUB's temporary
// storage, cuBLAS's and cuDNN's workspaces).

#include <cuda_runtime_api.h>

#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

#include "CudaCheck.hpp"

namespace detbench::cuda {

template <typename T>
class DeviceArray {
  static_assert(std::is_trivially_copyable_v<T>, "device memory holds trivially copyable values");

 public:
  DeviceArray() = default;
  // Uninitialised, as cudaMalloc leaves it; no allocation for zero elements (data() is null).
  explicit DeviceArray(std::size_t size) : size_(size) {
    if (size > std::numeric_limits<std::size_t>::max() / sizeof(T)) {
      DETBENCH_THROW(OutOfMemory, "a device array of " + std::to_string(size) + " elements of " +
                                      std::to_string(sizeof(T)) + " bytes");
    }
    if (size > 0) {
      void* memory = nullptr;
      DETBENCH_CUDA_CHECK(cudaMalloc(&memory, size * sizeof(T)));
      data_ = static_cast<T*>(memory);
    }
  }
  ~DeviceArray() { release(); }
  DeviceArray(DeviceArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  DeviceArray& operator=(DeviceArray&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t bytes() const noexcept { return size_ * sizeof(T); }

 private:
  void release() noexcept {
    if (data_) (void)cudaFree(data_);
    data_ = nullptr;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
};

using DeviceBytes = DeviceArray<std::byte>;

}  // namespace detbench::cuda
