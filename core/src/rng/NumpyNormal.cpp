#include "detbench/rng/NumpyNormal.hpp"

#include <cmath>
#include <cstdint>

#include "rng/NumpyZigguratTables.hpp"

namespace detbench::rng {

namespace {

// Generator.random()'s uniform in [0, 1), whose complement feeds the logarithms of the tail
// (1 - U never reaches 0).
double uniform(Pcg64& bits) {
  return bits.nextDouble();
}

}  // namespace

double numpyStandardNormal(Pcg64& bits) {
  using namespace ziggurat;
  for (;;) {
    std::uint64_t word = bits.next64();
    const std::size_t layer = word & 0xff;
    word >>= 8;
    const bool negative = (word & 0x1) != 0;
    const std::uint64_t position = (word >> 1) & 0x000fffffffffffffULL;
    double x = static_cast<double>(position) * kWi[layer];
    if (negative) x = -x;
    if (position < kKi[layer]) return x;  // inside the layer's rectangle
    if (layer == 0) {
      // The tail past r: x = r + E1 / r, kept when 2 E2 > (E1 / r)^2, with the sign taken from
      // bit 8 of the position.
      for (;;) {
        const double xx = -kInvR * std::log1p(-uniform(bits));
        const double yy = -std::log1p(-uniform(bits));
        if (yy + yy > xx * xx) return ((position >> 8) & 0x1) != 0 ? -(kR + xx) : kR + xx;
      }
    }
    // The wedge between this layer's edge and the one below: accept against the density.
    if ((kFi[layer - 1] - kFi[layer]) * uniform(bits) + kFi[layer] < std::exp(-0.5 * x * x)) {
      return x;
    }
  }
}

}  // namespace detbench::rng
