#pragma once
// The digest of core/include/detbench/run/Digest.hpp, computed where the output lives, in one
// kernel launch and no copy:
//  - each thread sums the terms of its elements, read 16 bytes at a time where the data is
//    16-byte aligned (as every cudaMalloc'd output is), so enough loads are in flight to run
//    at the memory's bandwidth;
//  - each block adds its partial to one 64-bit accumulator with an integer atomic: addition
//    modulo 2^64 is exact, so the result does not depend on the order in which blocks finish,
//    and it equals the CPU digest of the same bytes;
//  - the last block to finish (a counter of finished blocks) takes the sum, resets the
//    accumulator and the counter for the next digest, and writes the sum straight into pinned
//    host memory mapped into the device's address space.
// The trial harness enqueues the digest behind the op and waits for the stream once per trial;
// no memset, no device-to-host copy and no second synchronisation.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace detbench::cuda {

class DeviceDigester {
 public:
  DeviceDigester();  // allocates (and zeroes) the device state and the mapped host result
  ~DeviceDigester();
  DeviceDigester(const DeviceDigester&) = delete;
  DeviceDigester& operator=(const DeviceDigester&) = delete;

  // Enqueues the digest of `count` elements of `elementSize` bytes (4 or 8) on `stream`.
  // Digests enqueued on one digester must not overlap: use one per stream.
  void enqueue(const void* data, std::size_t elementSize, std::uint64_t count, cudaStream_t stream);
  // The digest last enqueued; valid once `stream` has been synchronised.
  std::uint64_t result() const;

 private:
  void release() noexcept;

  void* state_ = nullptr;            // device: the accumulator and the finished-block counter
  std::uint64_t* host_ = nullptr;    // pinned host memory the last block writes the sum to
  std::uint64_t* mapped_ = nullptr;  // the same memory as the device addresses it
  std::uint64_t count_ = 0;
  std::size_t elementSize_ = 4;
};

// One digest, synchronising `stream` (tests and benchmarks).
std::uint64_t deviceDigest(const void* data, std::size_t elementSize, std::uint64_t count,
                           cudaStream_t stream);

}  // namespace detbench::cuda
