#pragma once
// A prepared op on a torch device: detbench's inputs as PyTorch tensors on the device, the
// op's call, its output kept between trials, the warnings PyTorch raised. Includes no ATen header.

#include <memory>

#include "detbench/backend/Backend.hpp"

namespace detbench::torchdev {

enum class TorchDeviceKind { Cpu, Cuda };

// Applies the settings to PyTorch (on the calling thread, which runs the trials), copies the
// inputs to the device and runs the op's setup; raises NotAvailable for an op the table lacks.
std::unique_ptr<PreparedOp> makeTorchPreparedOp(TorchDeviceKind kind, const OpDefinition& op,
                                                const OpParams& params, const OpInputs& inputs,
                                                const Context& context, int threads);

// The op's call alone on a prepared op of this device, as a user's tight loop would make it: no
// timing, no digest, no warning capture (the harness benchmark sets trials beside it).
void runBareCall(PreparedOp& prepared);

}  // namespace detbench::torchdev
