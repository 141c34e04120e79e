#include "detbench/rng/RngEngines.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <utility>

#include "detbench/base/Error.hpp"
#include "detbench/rng/Mt19937.hpp"
#include "detbench/rng/NumpyNormal.hpp"
#include "detbench/rng/Philox.hpp"

namespace detbench::rng {

namespace {

// ATen's uniform_real_distribution<float>: the low 24 bits of one word, times 2^-24.
float torchUniformFloat(Mt19937& mt) {
  return static_cast<float>(mt.next() & 0xFFFFFFU) * (1.0f / 16777216.0f);
}
// ATen's uniform_real_distribution<double>: the low 53 bits of two words (first word high).
double torchUniformDouble(Mt19937& mt) {
  const std::uint64_t hi = mt.next();
  const std::uint64_t lo = mt.next();
  return static_cast<double>(((hi << 32) | lo) & ((std::uint64_t{1} << 53) - 1)) *
         (1.0 / 9007199254740992.0);
}

// PyTorch's CPU randn on float32 runs normal_fill_16_AVX2 wherever the CPU has AVX2 (all
// x86-64 CPUs of the last decade): Box-Muller with the single-precision Cephes polynomials of
// avx_mathfun.h (log256_ps, sincos256_ps). The same float operations in the same order, one
// lane at a time, give the same bits; PyTorch's build lets the compiler fuse each product that
// feeds an addition into one FMA, so those steps are std::fma here.
float bits(std::uint32_t u) {
  return std::bit_cast<float>(u);
}
std::uint32_t bitsOf(float f) {
  return std::bit_cast<std::uint32_t>(f);
}

float cephesLog(float x) {
  if (!(x > 0.0f)) return std::numeric_limits<float>::quiet_NaN();
  x = std::max(x, bits(0x00800000U));  // the smallest normal
  auto e = static_cast<float>(static_cast<std::int32_t>(bitsOf(x) >> 23) - 0x7f);
  x = bits((bitsOf(x) & ~0x7f800000U) | bitsOf(0.5f));
  e = e + 1.0f;
  const bool small = x < 0.707106781186547524f;
  const float tmp = small ? x : 0.0f;
  x = x - 1.0f;
  e = e - (small ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  float y = 7.0376836292E-2f;
  for (float p : {-1.1514610310E-1f, 1.1676998740E-1f, -1.2420140846E-1f, 1.4249322787E-1f,
                  -1.6668057665E-1f, 2.0000714765E-1f, -2.4999993993E-1f, 3.3333331174E-1f}) {
    y = std::fma(y, x, p);
  }
  y = y * x;
  y = std::fma(y, z, e * -2.12194440e-4f);
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  x = std::fma(e, 0.693359375f, x);
  return x;
}

void cephesSinCos(float x, float& sinOut, float& cosOut) {
  std::uint32_t signSin = bitsOf(x) & 0x80000000U;
  x = std::fabs(x);
  float y = x * 1.27323954473516f;  // 4 / pi
  std::int32_t j = static_cast<std::int32_t>(y);
  j = (j + 1) & ~1;
  y = static_cast<float>(j);
  const std::uint32_t swapSignSin = static_cast<std::uint32_t>(j & 4) << 29;
  const bool polyMask = (j & 2) == 0;
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, -3.77489497744594108e-8f, x);
  const std::uint32_t signCos = static_cast<std::uint32_t>(~(j - 2) & 4) << 29;
  signSin ^= swapSignSin;
  const float z = x * x;
  float c = std::fma(2.443315711809948E-005f, z, -1.388731625493765E-003f);
  c = std::fma(c, z, 4.166664568298827E-002f);
  c = c * z;
  c = std::fma(c, z, -(z * 0.5f));
  c = c + 1.0f;
  float s = std::fma(-1.9515295891E-4f, z, 8.3321608736E-3f);
  s = std::fma(s, z, -1.6666654611E-1f);
  s = s * z;
  s = std::fma(s, x, x);
  // The lanes' select, as the AVX code does it (with its exact additions of zero).
  const float sinPart = polyMask ? s : 0.0f;
  const float cosPart = polyMask ? 0.0f : c;
  const float sRest = s - sinPart;
  const float cRest = c - cosPart;
  sinOut = bits(bitsOf(cosPart + sinPart) ^ signSin);
  cosOut = bits(bitsOf(cRest + sRest) ^ signCos);
}

void normalFill16(float* data) {
  const auto twoPi = static_cast<float>(2.0f * std::numbers::pi);
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * cephesLog(u1));
    const float theta = twoPi * u2;
    float sinTheta, cosTheta;
    cephesSinCos(theta, sinTheta, cosTheta);
    // _mm256_fmadd_ps(n, std = 1, mean = 0): exact, as n * 1 + 0 is.
    data[j] = radius * cosTheta * 1.0f + 0.0f;
    data[j + 8] = radius * sinTheta * 1.0f + 0.0f;
  }
}

// The legacy double of NumPy and of Python's random(): 53 bits from two words.
double legacyDouble(Mt19937& mt) {
  const std::uint32_t a = mt.next() >> 5, b = mt.next() >> 6;
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

std::vector<std::uint32_t> pythonKey(std::uint64_t seed) {
  std::vector<std::uint32_t> key;
  do {
    key.push_back(static_cast<std::uint32_t>(seed));
    seed >>= 32;
  } while (seed != 0);
  return key;
}

}  // namespace

float philoxNormal(std::uint64_t seed, std::uint64_t i) {
  const std::uint64_t pair = i & ~std::uint64_t{1};
  const double u1 = 1.0 - static_cast<double>(Philox::uniform(seed, pair));
  const double u2 = static_cast<double>(Philox::uniform(seed, pair + 1));
  const double r = std::sqrt(-2.0 * std::log(u1));
  const double theta = 2.0 * std::numbers::pi * u2;
  return static_cast<float>((i & 1) ? r * std::sin(theta) : r * std::cos(theta));
}

std::string_view toString(Engine engine) {
  switch (engine) {
    case Engine::Torch:
      return "torch";
    case Engine::Numpy:
      return "numpy";
    case Engine::NumpyGenerator:
      return "numpy-generator";
    case Engine::Python:
      return "python";
    case Engine::Philox:
      return "philox";
  }
  return "torch";
}

std::optional<Engine> parseEngine(std::string_view text) {
  for (Engine e :
       {Engine::Torch, Engine::Numpy, Engine::NumpyGenerator, Engine::Python, Engine::Philox}) {
    if (toString(e) == text) return e;
  }
  return std::nullopt;
}

std::optional<Distribution> parseDistribution(std::string_view text) {
  if (text == "uniform") return Distribution::Uniform;
  if (text == "normal") return Distribution::Normal;
  return std::nullopt;
}

Stream::Stream(Engine engine, std::uint64_t seed, std::int64_t count, Distribution dist)
    : engine_(engine), normal_(dist == Distribution::Normal), seed_(seed), count_(count) {
  DETBENCH_CHECK_ARG(count >= 0, "count must not be negative");
  switch (engine) {
    case Engine::Torch:
      mt_ = Mt19937(static_cast<std::uint32_t>(seed));
      break;
    case Engine::Numpy:
      DETBENCH_CHECK_ARG(seed <= 0xFFFFFFFFULL,
                         "NumPy's legacy seed must be between 0 and 2**32 - 1");
      mt_ = Mt19937(static_cast<std::uint32_t>(seed));
      break;
    case Engine::NumpyGenerator:
      pcg_.emplace(SeedSequence(seed));
      break;
    case Engine::Python:
      mt_ = Mt19937(pythonKey(seed));
      break;
    case Engine::Philox:
      break;
  }
}

std::size_t Stream::next(std::span<double> out) {
  std::size_t n = 0;
  while (n < out.size() && produced_ < count_) {
    if (pendingAt_ == pending_.size()) refill();
    while (n < out.size() && pendingAt_ < pending_.size()) {
      out[n++] = pending_[pendingAt_++];
      ++produced_;
    }
  }
  return n;
}

// The next block of values (never more than are still owed).
void Stream::refill() {
  pending_.clear();
  pendingAt_ = 0;
  const std::int64_t left = count_ - produced_;
  if (engine_ == Engine::Torch && normal_ && count_ >= 16) {
    refillTorchNormal16();
    return;
  }
  const std::int64_t block = std::min<std::int64_t>(left, 4096);
  for (std::int64_t i = 0; i < block; ++i) pending_.push_back(nextValue());
}

// torch.randn(n) for n >= 16 (normal_fill): the uniforms of every value are drawn first,
// normalFill16 turns each 16 into normals in place, and when n % 16 = r != 0 the last 16
// positions are redone from 16 fresh uniforms drawn after all n. Streamed a chunk at a time: the
// last full chunk gives its first r values, then the 16 of the redone tail.
void Stream::refillTorchNormal16() {
  const std::int64_t fullChunks = count_ / 16, rest = count_ % 16;
  float chunk[16];
  for (float& f : chunk) f = torchUniformFloat(mt_);
  normalFill16(chunk);
  const bool last = chunksDone_ == fullChunks - 1;
  ++chunksDone_;
  if (!last || rest == 0) {
    pending_.assign(chunk, chunk + 16);
    return;
  }
  pending_.assign(chunk, chunk + rest);
  for (std::int64_t i = 0; i < rest; ++i) torchUniformFloat(mt_);  // overwritten by the tail
  float tail[16];
  for (float& f : tail) f = torchUniformFloat(mt_);
  normalFill16(tail);
  pending_.insert(pending_.end(), tail, tail + 16);
}

double Stream::nextValue() {
  const std::int64_t i = produced_ + static_cast<std::int64_t>(pending_.size());
  switch (engine_) {
    case Engine::Torch:
      if (!normal_) return torchUniformFloat(mt_);
      // Fewer than 16: at::normal_distribution<double>, one pair per two values, the sine cached.
      if (cached_) return static_cast<float>(*std::exchange(cached_, std::nullopt));
      {
        const double u1 = torchUniformDouble(mt_);
        const double u2 = torchUniformDouble(mt_);
        const double r = std::sqrt(-2.0 * std::log1p(-u2));
        const double theta = 2.0 * std::numbers::pi * u1;
        cached_ = r * std::sin(theta) * 1.0 + 0.0;
        return static_cast<float>(r * std::cos(theta) * 1.0 + 0.0);
      }
    case Engine::Numpy:
      if (!normal_) return legacyDouble(mt_);
      // legacy_gauss: the polar method, one value cached.
      if (cached_) return *std::exchange(cached_, std::nullopt);
      {
        double x1, x2, r2;
        do {
          x1 = 2.0 * legacyDouble(mt_) - 1.0;
          x2 = 2.0 * legacyDouble(mt_) - 1.0;
          r2 = x1 * x1 + x2 * x2;
        } while (r2 >= 1.0 || r2 == 0.0);
        const double f = std::sqrt(-2.0 * std::log(r2) / r2);
        cached_ = f * x1;
        return f * x2;
      }
    case Engine::NumpyGenerator:
      return normal_ ? numpyStandardNormal(*pcg_) : pcg_->nextDouble();
    case Engine::Python:
      if (!normal_) return legacyDouble(mt_);
      // random.gauss keeps the second value of each pair.
      if (cached_) return *std::exchange(cached_, std::nullopt);
      {
        const double x2pi = legacyDouble(mt_) * 2.0 * std::numbers::pi;
        const double g2rad = std::sqrt(-2.0 * std::log(1.0 - legacyDouble(mt_)));
        cached_ = std::sin(x2pi) * g2rad;
        return std::cos(x2pi) * g2rad;
      }
    case Engine::Philox: {
      const auto index = static_cast<std::uint64_t>(i);
      return normal_ ? philoxNormal(seed_, index) : Philox::uniform(seed_, index);
    }
  }
  return 0;
}

std::vector<double> generate(Engine engine, std::uint64_t seed, std::int64_t count,
                             Distribution dist) {
  DETBENCH_CHECK_ARG(count <= (std::int64_t{1} << 30), "count must be at most 2^30 here");
  Stream stream(engine, seed, count, dist);
  std::vector<double> out(static_cast<std::size_t>(count));
  stream.next(out);
  return out;
}

namespace {

void fillFloats(Distribution dist, std::uint64_t seed, float* out, std::int64_t count) {
  Stream stream(Engine::Torch, seed, count, dist);
  double block[1024];
  for (std::int64_t done = 0; done < count;) {
    const std::size_t n = stream.next(block);
    for (std::size_t k = 0; k < n; ++k)
      out[done + static_cast<std::int64_t>(k)] = static_cast<float>(block[k]);
    done += static_cast<std::int64_t>(n);
  }
}

}  // namespace

void torchRand(std::uint64_t seed, float* out, std::int64_t count) {
  fillFloats(Distribution::Uniform, seed, out, count);
}

void torchRandn(std::uint64_t seed, float* out, std::int64_t count) {
  fillFloats(Distribution::Normal, seed, out, count);
}

}  // namespace detbench::rng
