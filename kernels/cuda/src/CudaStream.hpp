#pragma once
// Owners of a CUDA stream and of events; move-only, destroyed with their owner.

#include <cuda_runtime_api.h>

#include <utility>

#include "CudaCheck.hpp"
#include "StreamView.hpp"

namespace detbench::cuda {

class CudaStream {
 public:
  CudaStream() { DETBENCH_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~CudaStream() {
    if (stream_) (void)cudaStreamDestroy(stream_);
  }
  CudaStream(CudaStream&& o) noexcept : stream_(std::exchange(o.stream_, nullptr)) {}
  CudaStream& operator=(CudaStream&&) = delete;
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  cudaStream_t get() const noexcept { return stream_; }
  StreamView view() const noexcept { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class CudaEvent {
 public:
  CudaEvent() { DETBENCH_CUDA_CHECK(cudaEventCreate(&event_)); }
  ~CudaEvent() {
    if (event_) (void)cudaEventDestroy(event_);
  }
  CudaEvent(CudaEvent&& o) noexcept : event_(std::exchange(o.event_, nullptr)) {}
  CudaEvent& operator=(CudaEvent&&) = delete;
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  cudaEvent_t get() const noexcept { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

}  // namespace detbench::cuda
