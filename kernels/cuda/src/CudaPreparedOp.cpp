#include "CudaPreparedOp.hpp"

#include <cmath>

#include "detbench/cuda/DeviceDigest.hpp"

namespace detbench::cuda {

CudaPreparedOp::CudaPreparedOp(const CudaKernelEntry& kernel, const OpParams& params,
                               const OpInputs& inputs, Form form, const Context& context)
    : accumulator_(sizeof(std::uint64_t)), output_(inputs.output), env_{context} {
  for (const auto& t : inputs.tensors) {
    DeviceBuffer b(t.bytes());
    if (t.bytes()) {
      DETBENCH_CUDA_CHECK(
          cudaMemcpyAsync(b.data(), t.raw(), t.bytes(), cudaMemcpyHostToDevice, stream_.get()));
    }
    device_.inputs.push_back(std::move(b));
  }
  device_.output =
      DeviceBuffer(static_cast<std::size_t>(numel(output_.shape)) * dtypeSize(output_.dtype));
  DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  run_ = kernel.make(params, inputs, device_, form, env_);
}

std::int64_t CudaPreparedOp::execute() {
  DETBENCH_CUDA_CHECK(cudaEventRecord(start_.get(), stream_.get()));
  run_(stream_.get());
  DETBENCH_CUDA_CHECK(cudaEventRecord(stop_.get(), stream_.get()));
  DETBENCH_CUDA_CHECK(cudaEventSynchronize(stop_.get()));
  float ms = 0;
  DETBENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, start_.get(), stop_.get()));
  return std::llround(static_cast<double>(ms) * 1e6);
}

std::uint64_t CudaPreparedOp::outputDigest() {
  return deviceDigest(device_.output.data(), dtypeSize(output_.dtype),
                      static_cast<std::uint64_t>(numel(output_.shape)),
                      static_cast<std::uint64_t*>(accumulator_.data()), stream_.get());
}

HostTensor CudaPreparedOp::readOutput() {
  HostTensor out(output_.shape, output_.dtype);
  if (out.bytes()) {
    DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out.raw(), device_.output.data(), out.bytes(),
                                        cudaMemcpyDeviceToHost, stream_.get()));
    DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  }
  return out;
}

}  // namespace detbench::cuda
