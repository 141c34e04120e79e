#pragma once
// Position-keyed, order-independent 64-bit digest of a tensor's bytes.
//
// digest = finalize(sum over i of term(i, bits_i) mod 2^64, n, element size)
//
// Each element contributes a strong 64-bit mix of its index and its bit pattern (a 64x64->128
// multiply folded to 64 bits). Because the terms are summed modulo 2^64, the digest can be
// computed by any parallel reduction, on the CPU or the GPU, in any order, and gives the same
// value for the same bytes; because each term is keyed by the element's index, moving values
// between positions changes it. Integer and float elements are hashed by their bits, so
// -0.0 and 0.0, or two NaN payloads, are different outputs, as they are bitwise. Elements
// narrower than 8 bytes are zero-extended to 64 bits (the probe of `detbench trace` digests
// float16, bfloat16, int8 and bool tensors this way, and a complex tensor as its real view).

#include <cstddef>
#include <cstdint>

#include "detbench/op/Tensor.hpp"

namespace detbench {

__extension__ using uint128_t = unsigned __int128;

namespace digest_detail {
inline constexpr std::uint64_t kValueKey = 0xa0761d6478bd642fULL;
inline constexpr std::uint64_t kIndexKey = 0xe7037ed1a0b428dbULL;
inline constexpr std::uint64_t kIndexStep = 0x9e3779b97f4a7c15ULL;
inline constexpr std::uint64_t kFinalKey = 0x8ebc6af09c88c6e3ULL;

inline std::uint64_t mum(std::uint64_t a, std::uint64_t b) {
  const uint128_t r = static_cast<uint128_t>(a) * b;
  return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

// The term of one element; `indexKey` is index * kIndexStep (mod 2^64).
inline std::uint64_t term(std::uint64_t indexKey, std::uint64_t bits) {
  return mum(bits ^ kValueKey, indexKey ^ kIndexKey);
}

std::uint64_t finalize(std::uint64_t sum, std::uint64_t count, std::size_t elementSize);

// The sum of the terms of `count` consecutive elements from `first`, whose logical (row-major)
// indices are firstIndex, firstIndex + indexStep, ...: a run of a strided tensor read in memory
// order (digestPartial is the run with indexStep 1). In two forms, for tests and benchmarks: one
// element at a time (the definition, everywhere), and four at a time in AVX2 vectors (x86-64
// CPUs that have AVX2; wideAvailable() says whether this one does). They return the same sum;
// runSum() takes the faster.
std::uint64_t runScalar(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                        std::uint64_t indexStep, std::uint64_t count);
bool wideAvailable();
std::uint64_t runWide(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                      std::uint64_t indexStep, std::uint64_t count);
std::uint64_t runSum(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                     std::uint64_t indexStep, std::uint64_t count);
}  // namespace digest_detail

// Sum of terms for elements [begin, begin + count) of a buffer whose element 0 is at `data`
// (the partial that a parallel reduction adds up).
std::uint64_t digestPartial(const void* data, std::size_t elementSize, std::uint64_t begin,
                            std::uint64_t count);

// Digest of `count` elements of `elementSize` bytes (1, 2, 4 or 8).
std::uint64_t digestBytes(const void* data, std::size_t elementSize, std::uint64_t count);

std::uint64_t digestTensor(const HostTensor& tensor);

// XXH3-64 of the raw bytes: a fingerprint of inputs, used to show that every trial and every
// machine saw bit-identical inputs.
std::uint64_t fingerprintBytes(const void* data, std::size_t bytes);

}  // namespace detbench
