// A strided tensor read where its elements lie digests as its contiguous copy does, whatever
// its layout; its runs can be summed in parts.

#include "detbench/run/StridedDigest.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench {
namespace {

using Shape = std::vector<std::int64_t>;

// The elements of the view (sizes, strides, offset) over `data`, in row-major order.
template <typename T>
std::vector<T> contiguousCopy(const std::vector<T>& data, const Shape& sizes, const Shape& strides,
                              std::int64_t offset) {
  std::int64_t count = 1;
  for (const auto s : sizes) count *= s;
  std::vector<T> out;
  std::vector<std::int64_t> at(sizes.size(), 0);
  for (std::int64_t n = 0; n < count; ++n) {
    std::int64_t where = offset;
    for (std::size_t d = 0; d < sizes.size(); ++d) where += at[d] * strides[d];
    out.push_back(data[static_cast<std::size_t>(where)]);
    for (std::size_t d = sizes.size(); d-- > 0;) {
      if (++at[d] < sizes[d]) break;
      at[d] = 0;
    }
  }
  return out;
}

template <typename T>
void expectLikeItsCopy(const std::vector<T>& data, const Shape& sizes, const Shape& strides,
                       std::int64_t offset, const char* what) {
  const StridedDigest layout(sizes, strides);
  const auto copy = contiguousCopy(data, sizes, strides, offset);
  const T* first = data.data() + offset;
  EXPECT_EQ(layout.count(), copy.size()) << what;
  EXPECT_EQ(layout.digest(first, sizeof(T)), digestBytes(copy.data(), sizeof(T), copy.size()))
      << what;
  // The runs in any two parts add up to the whole.
  const std::uint64_t whole = layout.partial(first, sizeof(T), 0, layout.runs());
  for (std::uint64_t cut = 0; cut <= layout.runs();
       cut += std::max<std::uint64_t>(1, layout.runs() / 5)) {
    EXPECT_EQ(layout.partial(first, sizeof(T), 0, cut) +
                  layout.partial(first, sizeof(T), cut, layout.runs()),
              whole)
        << what << " cut at run " << cut;
  }
}

template <typename T>
void checkLayouts() {
  std::mt19937_64 gen(5);
  std::vector<T> data(6000);
  for (auto& x : data) x = static_cast<T>(gen());
  expectLikeItsCopy(data, {60, 100}, {100, 1}, 0, "contiguous");
  expectLikeItsCopy(data, {100, 60}, {1, 100}, 0, "transpose");
  expectLikeItsCopy(data, {60, 40}, {100, 1}, 5, "rows of a slice");
  expectLikeItsCopy(data, {20, 15}, {300, 7}, 3, "steps in two dims");
  expectLikeItsCopy(data, {4, 50}, {0, 1}, 0, "an expanded row");
  expectLikeItsCopy(data, {50, 4}, {1, 0}, 0, "an expanded column");
  expectLikeItsCopy(data, {100, 2, 5}, {1, 500, 100}, 0, "a permutation of three dims");
  expectLikeItsCopy(data, {60}, {100}, 3, "a column");
  expectLikeItsCopy(data, {3, 1, 4, 1, 5}, {2000, 7, 500, 1, 1}, 1, "dims of size 1");
  expectLikeItsCopy(data, {10, 6, 100}, {600, 100, 1}, 0, "dims that merge");
  expectLikeItsCopy(data, {6, 10, 100}, {100, 600, 1}, 0, "dims that do not merge");
  expectLikeItsCopy(data, {}, {}, 17, "a scalar");
  expectLikeItsCopy(data, {0, 100}, {100, 1}, 0, "no elements");
  expectLikeItsCopy(data, {7, 9}, {0, 0}, 2, "one element everywhere");
}

TEST(StridedDigestTest, EveryLayoutDigestsAsItsContiguousCopy) {
  checkLayouts<std::uint8_t>();
  checkLayouts<std::uint16_t>();
  checkLayouts<std::uint32_t>();
  checkLayouts<std::uint64_t>();
}

TEST(StridedDigestTest, ATransposeIsReadInContiguousRunsAndMergedDimsAsOne) {
  const StridedDigest transpose(Shape{100, 60}, Shape{1, 100});
  EXPECT_TRUE(transpose.runsContiguous());
  EXPECT_EQ(transpose.runs(), 60u);
  EXPECT_EQ(transpose.runLength(), 100u);
  const StridedDigest merged(Shape{10, 6, 100}, Shape{600, 100, 1});
  EXPECT_EQ(merged.runs(), 1u);
  EXPECT_EQ(merged.runLength(), 6000u);
  const StridedDigest column(Shape{60}, Shape{100});
  EXPECT_FALSE(column.runsContiguous());
}

TEST(StridedDigestTest, ANegativeStrideOrMismatchedShapeIsRefused) {
  EXPECT_THROW(StridedDigest(Shape{4}, Shape{-1}), InvalidArgument);
  EXPECT_THROW(StridedDigest(Shape{4, 2}, Shape{1}), InvalidArgument);
}

}  // namespace
}  // namespace detbench
