#pragma once
// A prepared op on the cuda device: inputs copied to the device once, the output and the
// digest's state allocated once, a stream of its own, CUDA events around each trial, and the
// output's digest computed behind each trial before the one synchronisation.

#include "CudaKernel.hpp"
#include "CudaStream.hpp"
#include "detbench/backend/Backend.hpp"
#include "detbench/cuda/DeviceDigest.hpp"

namespace detbench::cuda {

class CudaPreparedOp final : public PreparedOp {
 public:
  CudaPreparedOp(const CudaKernelEntry& kernel, const OpParams& params, const OpInputs& inputs,
                 Form form, const Context& context);
  std::int64_t execute() override;
  std::uint64_t outputDigest() override;
  HostTensor readOutput() override;
  std::string algorithm() const override { return *algorithm_; }

 private:
  CudaStream stream_;
  CudaEvent start_, stop_;
  DeviceTensors device_;
  DeviceDigester digester_;
  TensorSpec output_;
  std::shared_ptr<std::string> algorithm_ = std::make_shared<std::string>();
  std::shared_ptr<CudaRun> beforeTrial_ = std::make_shared<CudaRun>();
  CudaRun run_;
};

}  // namespace detbench::cuda
