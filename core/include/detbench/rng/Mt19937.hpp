#pragma once
// The 32-bit Mersenne Twister (Matsumoto and Nishimura, 1998), the generator behind PyTorch's CPU
// generator, NumPy's legacy global generator and Python's `random`. The three differ only in
// how they seed it (init_genrand from one 32-bit word, or init_by_array from a key) and in how
// they turn its words into floats (see RngEngines.hpp).

#include <array>
#include <cstdint>
#include <span>

namespace detbench::rng {

class Mt19937 {
 public:
  static constexpr int kN = 624;

  // init_genrand: the seed's low 32 bits (PyTorch's manual_seed, NumPy's seed(int)).
  explicit Mt19937(std::uint32_t seed);
  // init_by_array (Python's random.seed(int) passes the integer's 32-bit words, low first).
  explicit Mt19937(std::span<const std::uint32_t> key);

  std::uint32_t next();

 private:
  void initGenrand(std::uint32_t seed);
  void twist();

  std::array<std::uint32_t, kN> state_{};
  int index_ = kN;
};

}  // namespace detbench::rng
