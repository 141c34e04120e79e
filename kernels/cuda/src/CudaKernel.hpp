#pragma once
// How the cuda device runs an op: a factory copies what it needs to the device (outside any
// timing) and returns the closure that computes the whole output once on a stream.

#include <cuda_runtime_api.h>

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "DeviceTensor.hpp"
#include "StreamView.hpp"
#include "detbench/catalog/Dispatch.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/settings/Context.hpp"

namespace detbench::cuda {

using CudaRun = std::function<void(StreamView)>;

// What a factory may need beyond the tensors: the settings in force, where to write the
// algorithm a library chose for the trial that just ran (left empty where there is no choice),
// and work to do before each trial outside its timing (left empty where there is none: a
// convolution that searches its algorithm again before every trial).
struct CudaKernelEnv {
  const Context& context;
  std::shared_ptr<std::string> algorithm = std::make_shared<std::string>();
  std::shared_ptr<CudaRun> beforeTrial = std::make_shared<CudaRun>();
};
using CudaKernelFactory = CudaRun (*)(const OpParams& params, const OpInputs& inputs,
                                      const DeviceTensors& device, Form form,
                                      const CudaKernelEnv& env);

struct CudaKernelEntry {
  std::string_view op;
  CudaKernelFactory make;
};

std::span<const CudaKernelEntry> cudaKernels();
const CudaKernelEntry* findCudaKernel(std::string_view op);

}  // namespace detbench::cuda
