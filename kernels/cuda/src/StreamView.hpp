#pragma once
// A non-owning view of a CUDA stream: what the kernels and the launch helper take. It is made
// from a stream that exists (CudaStream::view(), or a cudaStream_t named on purpose); a literal
// 0 or nullptr, which would silently mean the legacy default stream, does not compile. It
// converts to cudaStream_t for the runtime and library calls.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace detbench::cuda {

class StreamView {
 public:
  constexpr StreamView(cudaStream_t stream) noexcept : stream_(stream) {}  // NOLINT: implicit
  StreamView(int) = delete;
  StreamView(std::nullptr_t) = delete;

  constexpr cudaStream_t get() const noexcept { return stream_; }
  constexpr operator cudaStream_t() const noexcept { return stream_; }  // NOLINT: implicit

 private:
  cudaStream_t stream_;
};

}  // namespace detbench::cuda
