#pragma once
// Inputs for a trial set, drawn from a data seed that is separate from the seed under study.
// Counter-based (SplitMix64 over a keyed counter), so any element can be generated on its own
// and the inputs are the same on every machine for the same data seed.

#include <cstdint>
#include <span>

namespace detbench {

inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class DataGenerator {
 public:
  explicit DataGenerator(std::uint64_t dataSeed) : seed_(dataSeed) {}
  std::uint64_t dataSeed() const noexcept { return seed_; }

  // Each input of an op uses its own stream number, so adding an input does not shift others.
  std::uint64_t bits(std::uint64_t stream, std::uint64_t index) const noexcept {
    return splitmix64(streamKey(stream) + index * 0xd1b54a32d192ed03ULL);
  }
  // Uniform floats in [lo, hi), 24 random bits each.
  void uniform(std::span<float> out, std::uint64_t stream, float lo, float hi) const;
  // Uniform integers in [0, bound).
  void indices(std::span<std::int64_t> out, std::uint64_t stream, std::int64_t bound) const;

 private:
  std::uint64_t streamKey(std::uint64_t stream) const noexcept {
    return splitmix64(seed_ ^ splitmix64(stream));
  }
  std::uint64_t seed_;
};

}  // namespace detbench
