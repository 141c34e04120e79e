#pragma once
// What torch-cuda does with CUDA beside PyTorch's own kernels: whether a GPU is there, what it and
// PyTorch's CUDA libraries are, and each trial's clock (CUDA events on PyTorch's current stream)
// and digest (computed on the GPU, as the cuda device computes it). Built only where libtorch
// has CUDA (TorchCuda.cpp); includes no CUDA or ATen header.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "detbench/backend/Backend.hpp"

namespace detbench::torchdev::cuda {

Availability availability();
std::map<std::string, std::string> deviceInfo();

class TrialClock {
 public:
  virtual ~TrialClock() = default;
  // Records the start event on PyTorch's current stream.
  virtual void start() = 0;
  // Records the stop event, enqueues the digest of the output behind it (on the GPU where this
  // build has the device digest) and waits for the stream once.
  virtual void stop(const void* output, std::size_t elementSize, std::uint64_t count) = 0;
  virtual std::int64_t elapsedNs() const = 0;
  // The output's digest, or nothing where it has to be taken from a host copy.
  virtual bool hasDigest() const = 0;
  virtual std::uint64_t digest() const = 0;
};
std::unique_ptr<TrialClock> makeTrialClock();

// After a failure on the GPU: an error that leaves the CUDA context unusable (an illegal
// address, a trap) is recorded, and torch-cuda is then unavailable with that reason instead of
// failing every later run with PyTorch's next message.
void recordFailure();

}  // namespace detbench::torchdev::cuda
