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

// What a factory gets (as the cpu devices' KernelArgs): the op's parameters, its inputs on the
// host and on the device, the output, the form dispatch chose and the context (settings,
// seed); and two things it may fill in: the algorithm a library chose for the trial that just
// ran (left empty where there is no choice), and work to do before each trial outside its
// timing (left empty where there is none: a convolution that searches its algorithm again
// before every trial). The closure it returns must not keep the references: it outlives them.
struct CudaKernelArgs {
  const OpParams& params;
  const OpInputs& inputs;
  const DeviceTensors& device;
  Form form;
  const Context& context;
  std::shared_ptr<std::string> algorithm;
  std::shared_ptr<CudaRun> beforeTrial;
};
using CudaKernelFactory = CudaRun (*)(const CudaKernelArgs& args);

struct CudaKernelEntry {
  std::string_view op;
  CudaKernelFactory make;
};

std::span<const CudaKernelEntry> cudaKernels();
const CudaKernelEntry* findCudaKernel(std::string_view op);

}  // namespace detbench::cuda
