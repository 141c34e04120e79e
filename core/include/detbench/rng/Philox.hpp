#pragma once
// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011), the
// counter-based generator of detbench's CUDA backend and of cpu-threads (which follows the CUDA
// traits). Element i of a stream draws word i % 4 of the block for counter (i / 4, 0) under the
// key (seed low, seed high), so any element is computed on its own, on any device, and the same
// seed always gives the same stream. Everything here is constexpr so device code shares it.
//
// uniform(i) = (word >> 8) * 2^-24, in [0, 1), exactly representable in float32.
// normal(i): elements 2j and 2j + 1 are one Box-Muller pair from uniforms u1 = 1 - uniform(2j)
// (in (0, 1]) and u2 = uniform(2j + 1): r = sqrt(-2 ln u1), then r cos(2 pi u2) and
// r sin(2 pi u2), computed in double and rounded to float32.

#include <array>
#include <cstdint>

namespace detbench::rng {

struct Philox {
  static constexpr std::uint32_t kMul0 = 0xD2511F53U;
  static constexpr std::uint32_t kMul1 = 0xCD9E8D57U;
  static constexpr std::uint32_t kWeyl0 = 0x9E3779B9U;
  static constexpr std::uint32_t kWeyl1 = 0xBB67AE85U;

  // The ten rounds on a 4-word counter under a 2-word key.
  static constexpr std::array<std::uint32_t, 4> rounds(std::array<std::uint32_t, 4> counter,
                                                       std::array<std::uint32_t, 2> key) {
    auto [c0, c1, c2, c3] = counter;
    auto [k0, k1] = key;
    for (int round = 0; round < 10; ++round) {
      const std::uint64_t p0 = static_cast<std::uint64_t>(kMul0) * c0;
      const std::uint64_t p1 = static_cast<std::uint64_t>(kMul1) * c2;
      const auto hi0 = static_cast<std::uint32_t>(p0 >> 32), lo0 = static_cast<std::uint32_t>(p0);
      const auto hi1 = static_cast<std::uint32_t>(p1 >> 32), lo1 = static_cast<std::uint32_t>(p1);
      c0 = hi1 ^ c1 ^ k0;
      c1 = lo1;
      c2 = hi0 ^ c3 ^ k1;
      c3 = lo0;
      k0 += kWeyl0;
      k1 += kWeyl1;
    }
    return {c0, c1, c2, c3};
  }

  static constexpr std::array<std::uint32_t, 4> block(std::uint64_t counter, std::uint64_t seed) {
    return rounds(
        {static_cast<std::uint32_t>(counter), static_cast<std::uint32_t>(counter >> 32), 0, 0},
        {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)});
  }

  static constexpr std::uint32_t word(std::uint64_t seed, std::uint64_t i) {
    return block(i / 4, seed)[i % 4];
  }
  static constexpr float uniform(std::uint64_t seed, std::uint64_t i) {
    return static_cast<float>(word(seed, i) >> 8) * (1.0f / 16777216.0f);
  }
};

// The normal of element i (needs std::log, std::cos and std::sin: host and device versions
// are in the .cpp and the CUDA kernels).
float philoxNormal(std::uint64_t seed, std::uint64_t i);

}  // namespace detbench::rng
