#include "detbench/rng/Pcg64.hpp"

namespace detbench::rng {

namespace {

constexpr std::uint32_t kInitA = 0x43b0d7e5U;
constexpr std::uint32_t kMultA = 0x931e8875U;
constexpr std::uint32_t kInitB = 0x8b51f9ddU;
constexpr std::uint32_t kMultB = 0x58f38dedU;
constexpr std::uint32_t kMixMultL = 0xca01f9ddU;
constexpr std::uint32_t kMixMultR = 0x4973f715U;
constexpr int kXShift = 16;  // half of a 32-bit word

std::uint32_t hashmix(std::uint32_t value, std::uint32_t& hashConst) {
  value ^= hashConst;
  hashConst *= kMultA;
  value *= hashConst;
  value ^= value >> kXShift;
  return value;
}

std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
  std::uint32_t result = kMixMultL * x - kMixMultR * y;
  result ^= result >> kXShift;
  return result;
}

}  // namespace

SeedSequence::SeedSequence(std::uint64_t entropy) {
  // The integer as little-endian 32-bit words (0 is one word).
  std::vector<std::uint32_t> words;
  do {
    words.push_back(static_cast<std::uint32_t>(entropy));
    entropy >>= 32;
  } while (entropy != 0);
  std::uint32_t hashConst = kInitA;
  for (std::size_t i = 0; i < pool_.size(); ++i) {
    pool_[i] = hashmix(i < words.size() ? words[i] : 0U, hashConst);
  }
  for (std::size_t src = 0; src < pool_.size(); ++src) {
    for (std::size_t dst = 0; dst < pool_.size(); ++dst) {
      if (src != dst) pool_[dst] = mix(pool_[dst], hashmix(pool_[src], hashConst));
    }
  }
  for (std::size_t src = pool_.size(); src < words.size(); ++src) {
    for (std::size_t dst = 0; dst < pool_.size(); ++dst) {
      pool_[dst] = mix(pool_[dst], hashmix(words[src], hashConst));
    }
  }
}

std::vector<std::uint32_t> SeedSequence::generateState32(std::size_t words) const {
  std::vector<std::uint32_t> state(words);
  std::uint32_t hashConst = kInitB;
  for (std::size_t i = 0; i < words; ++i) {
    std::uint32_t value = pool_[i % pool_.size()];
    value ^= hashConst;
    hashConst *= kMultB;
    value *= hashConst;
    value ^= value >> kXShift;
    state[i] = value;
  }
  return state;
}

std::vector<std::uint64_t> SeedSequence::generateState64(std::size_t words) const {
  const auto halves = generateState32(2 * words);
  std::vector<std::uint64_t> state(words);
  for (std::size_t i = 0; i < words; ++i) {
    state[i] = (static_cast<std::uint64_t>(halves[2 * i + 1]) << 32) | halves[2 * i];
  }
  return state;
}

Pcg64::Pcg64(const SeedSequence& seed) {
  const auto v = seed.generateState64(4);
  const u128 initState = (static_cast<u128>(v[0]) << 64) | v[1];
  const u128 initSeq = (static_cast<u128>(v[2]) << 64) | v[3];
  // pcg_setseq_128_srandom_r.
  state_ = 0;
  inc_ = (initSeq << 1) | 1;
  step();
  state_ += initState;
  step();
}

void Pcg64::step() {
  constexpr u128 kMultiplier =
      (static_cast<u128>(0x2360ED051FC65DA4ULL) << 64) | 0x4385DF649FCCF645ULL;
  state_ = state_ * kMultiplier + inc_;
}

std::uint64_t Pcg64::next64() {
  step();
  const auto hi = static_cast<std::uint64_t>(state_ >> 64);
  const auto lo = static_cast<std::uint64_t>(state_);
  const auto rot = static_cast<unsigned>(state_ >> 122);
  const std::uint64_t x = hi ^ lo;
  return (x >> rot) | (x << ((64U - rot) & 63U));
}

}  // namespace detbench::rng
