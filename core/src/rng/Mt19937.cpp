#include "detbench/rng/Mt19937.hpp"

#include <algorithm>

namespace detbench::rng {

namespace {
constexpr int kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfU;
constexpr std::uint32_t kUpper = 0x80000000U;
constexpr std::uint32_t kLower = 0x7fffffffU;
}  // namespace

Mt19937::Mt19937(std::uint32_t seed) {
  initGenrand(seed);
}

Mt19937::Mt19937(std::span<const std::uint32_t> key) {
  initGenrand(19650218U);
  const int length = static_cast<int>(key.size());
  int i = 1, j = 0;
  for (int k = std::max(kN, length); k > 0; --k) {
    state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525U)) + key[j] +
                static_cast<std::uint32_t>(j);
    ++i, ++j;
    if (i >= kN) state_[0] = state_[kN - 1], i = 1;
    if (j >= length) j = 0;
  }
  for (int k = kN - 1; k > 0; --k) {
    state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941U)) -
                static_cast<std::uint32_t>(i);
    ++i;
    if (i >= kN) state_[0] = state_[kN - 1], i = 1;
  }
  state_[0] = 0x80000000U;  // a non-zero initial state is assured
}

void Mt19937::initGenrand(std::uint32_t seed) {
  state_[0] = seed;
  for (int i = 1; i < kN; ++i) {
    state_[i] =
        1812433253U * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  }
  index_ = kN;
}

void Mt19937::twist() {
  for (int i = 0; i < kN; ++i) {
    const std::uint32_t y = (state_[i] & kUpper) | (state_[(i + 1) % kN] & kLower);
    state_[i] = state_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
  }
  index_ = 0;
}

std::uint32_t Mt19937::next() {
  if (index_ >= kN) twist();
  std::uint32_t y = state_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

}  // namespace detbench::rng
