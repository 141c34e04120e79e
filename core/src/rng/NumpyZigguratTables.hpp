#pragma once
// NumPy's ziggurat tables for the standard normal (256 layers; data, in
// NumpyZigguratTables.cpp): for layer i, kKi[i] is the 52-bit bound under which a draw lies
// inside the layer's rectangle, kWi[i] the layer's width over 2^52, kFi[i] the density at its
// edge. Layer 0 is the base, whose draws past r = 3.6541528853610088 go to the tail.

#include <array>
#include <cstdint>

namespace detbench::rng::ziggurat {

inline constexpr double kR = 3.6541528853610087963519472518;
inline constexpr double kInvR = 0.27366123732975827203338247596;

extern const std::array<std::uint64_t, 256> kKi;
extern const std::array<double, 256> kWi;
extern const std::array<double, 256> kFi;

}  // namespace detbench::rng::ziggurat
