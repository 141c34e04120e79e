#pragma once
// The decoupled look-back of the atomic cumsum (the CUDA form, after Merrill and Garland's
// single-pass scan): each tile publishes its aggregate, then walks back over its predecessors,
// adding aggregates until it meets an inclusive prefix. Which predecessors have published
// their inclusive prefix by then is up to the timing, and it decides how the prefix associates:
// (a0 + a1) + a2 when tile 2 has published, a0 + (a1 + a2) when only its aggregate is there.

#include <atomic>
#include <bit>
#include <cstdint>
#include <thread>

namespace detbench::cpu {

// A tile's published state: what it holds (nothing, its aggregate, or its inclusive prefix) in
// the high word and the float's bits in the low word, stored and read as one atomic word.
enum : std::uint64_t { kNothing = 0, kAggregate = 1, kInclusive = 2 };

inline std::uint64_t pack(std::uint64_t flag, float value) {
  return flag << 32 | std::bit_cast<std::uint32_t>(value);
}
inline float valueOf(std::uint64_t word) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(word));
}

// Walks back from tile t - 1, adding aggregates until a predecessor's inclusive prefix is found.
inline float lookBack(const std::atomic<std::uint64_t>* state, std::int64_t t) {
  bool have = false;
  float acc = 0.0f;
  for (std::int64_t j = t - 1;; --j) {
    std::uint64_t word;
    while (((word = state[j].load(std::memory_order_acquire)) >> 32) == kNothing) {
      std::this_thread::yield();
    }
    const float v = valueOf(word);
    acc = have ? v + acc : v;
    have = true;
    if ((word >> 32) == kInclusive) return acc;
  }
}

}  // namespace detbench::cpu
