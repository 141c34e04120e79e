#include "detbench/trace/TraceDiff.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "detbench/base/Error.hpp"

namespace detbench::trace {
namespace {

template <typename T>
std::span<const std::byte> bytes(const std::vector<T>& v) {
  return std::as_bytes(std::span(v));
}

TEST(TraceDiff, Float32CountsUlpsAndTheLargestDifference) {
  const std::vector<float> a{1.0f, 2.0f, 3.0f, 0.0f};
  const std::vector<float> b{std::nextafter(1.0f, 2.0f), 2.0f, 3.5f, -0.0f};
  const RawDiff d = compareRaw("float32", bytes(a), bytes(b));
  EXPECT_EQ(d.elements, 4);
  EXPECT_EQ(d.nDiff, 3);
  EXPECT_DOUBLE_EQ(d.maxAbsDiff, 0.5);
  EXPECT_EQ(d.maxUlp, 1u << 21);  // 3.0 to 3.5 in float32: 2^-22 apart
}

TEST(TraceDiff, ZeroesOfBothSignsAreOneUlpApart) {
  const std::vector<double> a{0.0}, b{-0.0};
  const RawDiff d = compareRaw("float64", bytes(a), bytes(b));
  EXPECT_EQ(d.nDiff, 1);
  EXPECT_EQ(d.maxUlp, 1u);
  EXPECT_EQ(d.maxAbsDiff, 0.0);
}

TEST(TraceDiff, NanAgainstANumberIsInfinitelyFar) {
  const std::vector<float> a{std::numeric_limits<float>::quiet_NaN()}, b{1.0f};
  const RawDiff d = compareRaw("float32", bytes(a), bytes(b));
  EXPECT_TRUE(std::isinf(d.maxAbsDiff));
}

TEST(TraceDiff, HalfAndBfloat16) {
  const std::vector<std::uint16_t> a{0x3c00, 0x3f80}, b{0x3c01, 0x3f80};  // 1.0 and 1.0 + 2^-10
  const RawDiff h = compareRaw("float16", bytes(a), bytes(b));
  EXPECT_EQ(h.nDiff, 1);
  EXPECT_EQ(h.maxUlp, 1u);
  EXPECT_DOUBLE_EQ(h.maxAbsDiff, std::ldexp(1.0, -10));
  const std::vector<std::uint16_t> c{0x3f80}, e{0x3f81};  // bfloat16 1.0 and 1.0 + 2^-7
  EXPECT_DOUBLE_EQ(compareRaw("bfloat16", bytes(c), bytes(e)).maxAbsDiff, std::ldexp(1.0, -7));
}

TEST(TraceDiff, IntegersDifferByTheirValues) {
  const std::vector<std::int64_t> a{5, -3}, b{5, 4};
  const RawDiff d = compareRaw("int64", bytes(a), bytes(b));
  EXPECT_EQ(d.nDiff, 1);
  EXPECT_EQ(d.maxUlp, 7u);
  EXPECT_EQ(d.maxAbsDiff, 7.0);
  const std::vector<std::int8_t> x{-128}, y{127};
  EXPECT_EQ(compareRaw("int8", bytes(x), bytes(y)).maxUlp, 255u);
}

TEST(TraceDiff, ComplexComparesItsParts) {
  const std::vector<float> a{1.0f, 2.0f}, b{1.0f, 2.5f};
  const RawDiff d = compareRaw("complex64", bytes(a), bytes(b));
  EXPECT_EQ(d.elements, 2);
  EXPECT_EQ(d.nDiff, 1);
}

TEST(TraceDiff, RefusesUnknownDtypesAndMismatchedSizes) {
  const std::vector<float> a{1.0f}, b{1.0f, 2.0f};
  EXPECT_THROW(compareRaw("quint8", bytes(a), bytes(a)), InvalidArgument);
  EXPECT_THROW(compareRaw("float32", bytes(a), bytes(b)), InvalidArgument);
}

}  // namespace
}  // namespace detbench::trace
