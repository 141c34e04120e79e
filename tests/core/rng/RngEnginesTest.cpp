// Every engine of `detbench rng` against the real libraries.
//
// Where the expected values come from: Debian 12's python3-torch 1.13.0a0, python3-numpy 1.24.2
// and CPython 3.11.2 (/usr/bin/python3), for example
//   torch.manual_seed(42); torch.rand(4)            np.random.seed(42); np.random.randn(5)
//   torch.manual_seed(42); torch.randn(37)[[0,17,36]]  random.seed(42); [random.gauss(0, 1) ...]
// printed with repr(float(v)). To regenerate, run those calls and paste the values; the peer
// test tests/peer/test_rng_streams.py compares 100,003 values of every stream in one go.
// Philox's known answers are Random123's kat_vectors for philox4x32_10.

#include <gtest/gtest.h>

#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/rng/Philox.hpp"
#include "detbench/rng/RngEngines.hpp"

namespace detbench::rng {
namespace {

void expectStream(Engine e, std::uint64_t seed, Distribution d, const std::vector<double>& want,
                  std::int64_t count = -1, const std::vector<std::size_t>& at = {}) {
  const auto got = generate(e, seed, count < 0 ? static_cast<std::int64_t>(want.size()) : count, d);
  for (std::size_t i = 0; i < want.size(); ++i) {
    const std::size_t idx = at.empty() ? i : at[i];
    EXPECT_EQ(got.at(idx), want[i]) << toString(e) << " seed " << seed << " value " << idx;
  }
}

TEST(RngEnginesTest, TorchCpuStreamsMatchPyTorch) {
  using enum Distribution;
  expectStream(Engine::Torch, 42, Uniform,
               {0.8822692632675171, 0.9150039553642273, 0.38286375999450684, 0.9593056440353394});
  expectStream(Engine::Torch, 42, Normal,
               {0.33669036626815796, 0.12880940735340118, 0.23446236550807953, 0.23033303022384644,
                -1.1228563785552979});
  // 16 and more: the vectorised Box-Muller, with the tail of 37 redone from fresh uniforms.
  expectStream(Engine::Torch, 42, Normal,
               {1.9269152879714966, -0.1595974713563919, 1.1789509057998657}, 37, {0, 17, 36});
  // manual_seed keeps the low 32 bits for the Mersenne Twister.
  expectStream(Engine::Torch, (std::uint64_t{1} << 40) + 5, Uniform,
               {0.8302518725395203, 0.12611091136932373, 0.9074696898460388, 0.8199270367622375});
  expectStream(Engine::Torch, (std::uint64_t{1} << 40) + 5, Normal,
               {-0.4867807626724243, -0.6038215756416321, -0.5580962300300598, 0.6675242781639099,
                -0.19741509854793549});
}

TEST(RngEnginesTest, NumpyLegacyStreamsMatchNumpy) {
  expectStream(Engine::Numpy, 42, Distribution::Uniform,
               {0.3745401188473625, 0.9507143064099162, 0.7319939418114051, 0.5986584841970366});
  expectStream(Engine::Numpy, 42, Distribution::Normal,
               {0.4967141530112327, -0.13826430117118466, 0.6476885381006925, 1.5230298564080254,
                -0.23415337472333597});
  EXPECT_THROW(generate(Engine::Numpy, std::uint64_t{1} << 32, 1, Distribution::Uniform),
               InvalidArgument);
}

// Values printed by NumPy 1.24.2 (Debian 12): np.random.default_rng(seed).random(3),
// SeedSequence(42).generate_state(4, np.uint64) and the bit generator's random_raw(2).
TEST(RngEnginesTest, NumpyGeneratorStreamsMatchNumpy) {
  expectStream(Engine::NumpyGenerator, 0, Distribution::Uniform,
               {0.6369616873214543, 0.2697867137638703, 0.04097352393619469});
  expectStream(Engine::NumpyGenerator, 42, Distribution::Uniform,
               {0.7739560485559633, 0.4388784397520523, 0.8585979199113825});
  // Seeds past 32 bits are two entropy words (the legacy generator refuses them).
  expectStream(Engine::NumpyGenerator, (std::uint64_t{1} << 40) + 5, Distribution::Uniform,
               {0.004739459374490829, 0.3725845824112115, 0.5872294266977701});
  EXPECT_EQ(SeedSequence(42).generateState64(4),
            (std::vector<std::uint64_t>{11465652750463011511ULL, 15382171918060459190ULL,
                                        9018504550953525431ULL, 3703499796004394495ULL}));
  Pcg64 pcg{SeedSequence(42)};
  EXPECT_EQ(pcg.next64(), 14276969152011380360ULL);
  EXPECT_EQ(pcg.next64(), 8095878257575067585ULL);
  // Seeding the legacy global generator leaves a Generator's stream where it was.
  EXPECT_NE(generate(Engine::Numpy, 42, 3, Distribution::Uniform),
            generate(Engine::NumpyGenerator, 42, 3, Distribution::Uniform));
}

// Values printed by NumPy 1.24.2 (Debian 12): np.random.default_rng(42).standard_normal(5), and
// for seed 0 the first two of 1000 values past the ziggurat's r = 3.654... (drawn from its tail,
// by NumPy's exponential method).
TEST(RngEnginesTest, NumpyGeneratorNormalsMatchNumpysZiggurat) {
  expectStream(Engine::NumpyGenerator, 42, Distribution::Normal,
               {0.30471707975443135, -1.0399841062404955, 0.7504511958064572, 0.9405647163912139,
                -1.9510351886538364});
  expectStream(Engine::NumpyGenerator, 0, Distribution::Normal,
               {-3.772275156122734, -3.899421730054339}, 1000, {303, 478});
}

TEST(RngEnginesTest, PythonRandomStreamsMatchCPython) {
  expectStream(
      Engine::Python, 42, Distribution::Uniform,
      {0.6394267984578837, 0.025010755222666936, 0.27502931836911926, 0.22321073814882275});
  expectStream(Engine::Python, 42, Distribution::Normal,
               {-0.14409032957792836, -0.1729036003315193, -0.11131586156766246, 0.7019837250988631,
                -0.12758828378288709});
  // A seed wider than 32 bits is split into words, low first (init_by_array).
  expectStream(Engine::Python, (std::uint64_t{1} << 40) + 5, Distribution::Uniform,
               {0.5043802970418443, 0.2686044399723282, 0.9257865475671585});
}

TEST(RngEnginesTest, PhiloxMatchesRandom123KnownAnswers) {
  using A4 = std::array<std::uint32_t, 4>;
  EXPECT_EQ(Philox::rounds({0, 0, 0, 0}, {0, 0}),
            (A4{0x6627e8d5U, 0xe169c58dU, 0xbc57ac4cU, 0x9b00dbd8U}));
  EXPECT_EQ(Philox::rounds({0xffffffffU, 0xffffffffU, 0xffffffffU, 0xffffffffU},
                           {0xffffffffU, 0xffffffffU}),
            (A4{0x408f276dU, 0x41c83b0eU, 0xa20bc7c6U, 0x6d5451fdU}));
  EXPECT_EQ(Philox::rounds({0x243f6a88U, 0x85a308d3U, 0x13198a2eU, 0x03707344U},
                           {0xa4093822U, 0x299f31d0U}),
            (A4{0xd16cfe09U, 0x94fdccebU, 0x5001e420U, 0x24126ea1U}));
}

TEST(RngEnginesTest, SameSeedSameStreamOtherSeedOrEngineAnother) {
  for (auto d : {Distribution::Uniform, Distribution::Normal}) {
    const auto a = generate(Engine::Philox, 7, 1000, d);
    EXPECT_EQ(a, generate(Engine::Philox, 7, 1000, d));
    EXPECT_NE(a, generate(Engine::Philox, 8, 1000, d));
    EXPECT_NE(a, generate(Engine::Torch, 7, 1000, d)) << "CPU and GPU streams differ";
  }
  // Uniform values lie in [0, 1); normal values have mean near 0 and variance near 1.
  const auto u = generate(Engine::Philox, 1, 100000, Distribution::Uniform);
  const auto n = generate(Engine::Philox, 1, 100000, Distribution::Normal);
  double mean = 0, var = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    EXPECT_GE(u[i], 0.0);
    EXPECT_LT(u[i], 1.0);
    mean += n[i];
    var += n[i] * n[i];
  }
  mean /= static_cast<double>(n.size());
  var = var / static_cast<double>(n.size()) - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.02);  // 6 standard errors
  EXPECT_NEAR(var, 1.0, 0.03);
}

}  // namespace
}  // namespace detbench::rng
