#pragma once
// NumPy's Generator.standard_normal for doubles: a ziggurat of 256 layers over 64-bit words of
// the bit generator (the low 8 bits pick the layer, the next bit the sign, the next 52 the
// position), with NumPy's own tables (core/src/rng/NumpyZigguratTables.cpp). Draws outside a
// layer's rectangle are accepted against the density, and draws in the base layer past
// r = 3.654... come from the tail by Marsaglia's exponential method, as NumPy does.

#include "detbench/rng/Pcg64.hpp"

namespace detbench::rng {

// The next value of np.random.default_rng(seed).standard_normal(n), drawn from `bits`.
double numpyStandardNormal(Pcg64& bits);

}  // namespace detbench::rng
