#pragma once
// Every random-number stream a PyTorch user seeds, reproduced exactly, so a user can check the
// numbers against their own script (`detbench rng`):
//  - torch:  torch.manual_seed(s); torch.rand(n) / torch.randn(n) on the CPU (float32);
//  - numpy:  np.random.seed(s); np.random.rand(n) / np.random.randn(n) (legacy global generator);
//  - numpy-generator: np.random.default_rng(s).random(n) / .standard_normal(n) (PCG64 seeded
//            through a SeedSequence; the normals by NumPy's ziggurat, rng/NumpyNormal.hpp).
//            np.random.seed does not touch this stream;
//  - python: random.seed(s); random.random() / random.gauss(0, 1), n times;
//  - philox: detbench's counter-based generator of the CUDA backend (rng/Philox.hpp).
// Values are returned as double; torch and philox values are float32 values.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "detbench/rng/Mt19937.hpp"
#include "detbench/rng/Pcg64.hpp"

namespace detbench::rng {

enum class Engine { Torch, Numpy, NumpyGenerator, Python, Philox };
enum class Distribution { Uniform, Normal };

std::string_view toString(Engine engine);
std::optional<Engine> parseEngine(std::string_view text);
std::optional<Distribution> parseDistribution(std::string_view text);

// The first `count` values of the engine's stream after seeding with `seed`, a block at a
// time in constant memory. Raises InvalidArgument where the library would refuse the seed
// (NumPy: above 2^32 - 1). torch's normal stream depends on `count` (PyTorch redoes the last 16
// values when count % 16 != 0), so the count is part of the stream.
class Stream {
 public:
  Stream(Engine engine, std::uint64_t seed, std::int64_t count, Distribution dist);
  // Fills up to out.size() values and returns how many (0 once all `count` are out).
  std::size_t next(std::span<double> out);

 private:
  void refill();
  void refillTorchNormal16();
  double nextValue();

  Engine engine_;
  bool normal_;
  std::uint64_t seed_;
  std::int64_t count_;
  std::int64_t produced_ = 0;
  std::int64_t chunksDone_ = 0;
  Mt19937 mt_{0U};
  std::optional<Pcg64> pcg_;
  std::optional<double> cached_;  // the second value of a normal pair
  std::vector<double> pending_;
  std::size_t pendingAt_ = 0;
};

// The whole stream at once (at most 2^30 values).
std::vector<double> generate(Engine engine, std::uint64_t seed, std::int64_t count,
                             Distribution dist);

// PyTorch's CPU float32 streams, also used by the `cpu` device's random ops.
void torchRand(std::uint64_t seed, float* out, std::int64_t count);
void torchRandn(std::uint64_t seed, float* out, std::int64_t count);

}  // namespace detbench::rng
