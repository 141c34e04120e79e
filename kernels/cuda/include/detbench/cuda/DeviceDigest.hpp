#pragma once
// The digest of core/include/detbench/Digest.hpp, computed where the output lives. Each block
// sums its elements' terms and adds the partial to one 64-bit accumulator with an integer
// atomic: integer addition modulo 2^64 is exact, so the result does not depend on the order in
// which blocks finish, and it equals the CPU digest of the same bytes.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace detbench::cuda {

// `accumulator` is caller-provided device memory for one std::uint64_t (the kernels never
// allocate). Synchronises `stream` to read the result.
std::uint64_t deviceDigest(const void* data, std::size_t elementSize, std::uint64_t count,
                           std::uint64_t* accumulator, cudaStream_t stream);

}  // namespace detbench::cuda
