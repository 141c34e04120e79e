#pragma once
// NumPy's Generator stream: numpy.random.default_rng(seed) is a PCG64 bit generator seeded
// through a SeedSequence. Reproduced from the published algorithms: SeedSequence's entropy pool
// (4 words, hashmix/mix) and generate_state, PCG's 128-bit LCG with the XSL-RR output, and
// Generator.random()'s 53-bit double.

#include <array>
#include <cstdint>
#include <vector>

namespace detbench::rng {

// numpy.random.SeedSequence(entropy) for a non-negative integer entropy, without spawn keys.
class SeedSequence {
 public:
  explicit SeedSequence(std::uint64_t entropy);
  // generate_state(n_words, np.uint32).
  std::vector<std::uint32_t> generateState32(std::size_t words) const;
  // generate_state(n_words, np.uint64): pairs of 32-bit words, little-endian.
  std::vector<std::uint64_t> generateState64(std::size_t words) const;

 private:
  std::array<std::uint32_t, 4> pool_{};
};

class Pcg64 {
 public:
  explicit Pcg64(const SeedSequence& seed);
  std::uint64_t next64();
  // Generator.random(): the top 53 bits of a 64-bit word, times 2^-53.
  double nextDouble() { return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0); }

 private:
  __extension__ using u128 = unsigned __int128;
  void step();
  u128 state_ = 0;
  u128 inc_ = 0;
};

}  // namespace detbench::rng
