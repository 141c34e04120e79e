#include "CudaPreparedOp.hpp"

#include <cmath>

#include "detbench/cuda/DeviceDigest.hpp"

namespace detbench::cuda {

CudaPreparedOp::CudaPreparedOp(const CudaKernelEntry& kernel, const OpParams& params,
                               const OpInputs& inputs, Form form, const Context& context)
    : output_(inputs.output) {
  for (const auto& t : inputs.tensors) {
    DeviceTensor d(t.dtype(), t.numel());
    if (t.bytes()) {
      DETBENCH_CUDA_CHECK(
          cudaMemcpyAsync(d.raw(), t.raw(), t.bytes(), cudaMemcpyHostToDevice, stream_.get()));
    }
    device_.inputs.push_back(std::move(d));
  }
  device_.output = DeviceTensor(output_.dtype, numel(output_.shape));
  DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  run_ = kernel.make({params, inputs, device_, form, context, algorithm_, beforeTrial_});
}

// One trial, one wait: the op between two events, then the digest of its output, enqueued
// behind it on the same stream (outside the timed interval), then a single synchronisation.
// What the op does before each trial (an algorithm search) comes first, outside the events.
std::int64_t CudaPreparedOp::execute() {
  if (*beforeTrial_) (*beforeTrial_)(stream_.view());
  DETBENCH_CUDA_CHECK(cudaEventRecord(start_.get(), stream_.get()));
  run_(stream_.view());
  DETBENCH_CUDA_CHECK(cudaEventRecord(stop_.get(), stream_.get()));
  digester_.enqueue(device_.output.raw(), dtypeSize(output_.dtype),
                    static_cast<std::uint64_t>(numel(output_.shape)), stream_.get());
  DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  float ms = 0;
  DETBENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, start_.get(), stop_.get()));
  return std::llround(static_cast<double>(ms) * 1e6);
}

// Computed with the trial that wrote the output.
std::uint64_t CudaPreparedOp::outputDigest() {
  return digester_.result();
}

HostTensor CudaPreparedOp::readOutput() {
  HostTensor out(output_.shape, output_.dtype);
  if (out.bytes()) {
    DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out.raw(), device_.output.raw(), out.bytes(),
                                        cudaMemcpyDeviceToHost, stream_.get()));
    DETBENCH_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
  }
  return out;
}

}  // namespace detbench::cuda
