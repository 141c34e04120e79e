#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "detbench/run/RunResult.hpp"
#include "detbench/run/Statistics.hpp"

#include "detbench/base/Error.hpp"

namespace detbench {
namespace {

TEST(StatisticsTest, TimingStatsMatchNumPy) {
  // Expected values from NumPy 1.24: np.min, np.median, np.mean, np.percentile(x, 95),
  // np.max, np.std(x, ddof=1) of x = [5, 1, 4, 2, 3, 10].
  const std::vector<std::int64_t> x{5, 1, 4, 2, 3, 10};
  const TimingStats s = timingStats(x);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.median, 3.5);
  EXPECT_DOUBLE_EQ(s.mean, 25.0 / 6);
  EXPECT_DOUBLE_EQ(s.p95, 8.75);
  EXPECT_DOUBLE_EQ(s.max, 10);
  EXPECT_NEAR(s.stddev, 3.1885210782848317, 1e-12);
}

TEST(StatisticsTest, BoxStatsUseNumPyQuartilesAndTukeyWhiskers) {
  // np.percentile([1, 2, 3, 4, 5, 10], [25, 50, 75]) = [2.25, 3.5, 4.75]; the fences are
  // 2.25 - 1.5 * 2.5 = -1.5 and 4.75 + 3.75 = 8.5, so 10 is an outlier and the whiskers end at
  // 1 and 5.
  const std::vector<double> x{1, 2, 3, 4, 5, 10};
  const BoxStats b = boxStats(x);
  EXPECT_DOUBLE_EQ(b.q1, 2.25);
  EXPECT_DOUBLE_EQ(b.median, 3.5);
  EXPECT_DOUBLE_EQ(b.q3, 4.75);
  EXPECT_DOUBLE_EQ(b.lowWhisker, 1);
  EXPECT_DOUBLE_EQ(b.highWhisker, 5);
  EXPECT_DOUBLE_EQ(quantileOfSorted(x, 0.95), 8.75);
  EXPECT_THROW(boxStats(std::vector<double>{}), InvalidArgument);
}

TEST(StatisticsTest, OneTrialHasNoSpread) {
  const std::vector<std::int64_t> x{42};
  const TimingStats s = timingStats(x);
  EXPECT_EQ(s.median, 42);
  EXPECT_EQ(s.p95, 42);
  EXPECT_EQ(s.stddev, 0);
}

TEST(StatisticsTest, UlpDistance) {
  EXPECT_EQ(ulpDistance(1.0f, 1.0f), 0u);
  EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(ulpDistance(-0.0f, 0.0f), 0u);  // different bits, same place in the order
  EXPECT_EQ(ulpDistance(std::nextafter(0.0f, -1.0f), std::nextafter(0.0f, 1.0f)), 2u);
  EXPECT_EQ(ulpDistance(1.0f, std::numeric_limits<float>::quiet_NaN()),
            std::numeric_limits<std::uint64_t>::max());
}

TEST(StatisticsTest, CompareOutputsCountsDifferingElements) {
  HostTensor a({4}, DType::Float32), b({4}, DType::Float32);
  auto x = a.as<float>(), y = b.as<float>();
  x[0] = y[0] = 1.0f;
  x[1] = 2.0f, y[1] = std::nextafter(2.0f, 3.0f);
  x[2] = 0.5f, y[2] = 0.25f;
  x[3] = 0.0f, y[3] = -0.0f;
  const OutputDiff d = compareOutputs(a, b);
  EXPECT_EQ(d.nDiff, 3);  // -0.0 differs bitwise
  EXPECT_DOUBLE_EQ(d.maxAbsDiff, 0.25);
  EXPECT_GT(d.maxUlp, 1u);
  // One ULP apart (bucket 0), 2^23 ULPs apart (0.5 and 0.25: bucket 23, the last), and -0.0
  // against 0.0 (zero ULPs, bitwise different: counted in bucket 0).
  ASSERT_EQ(d.ulpHistogram.size(), std::size_t{kUlpHistogramBuckets});
  EXPECT_EQ(d.ulpHistogram[0], 2);
  EXPECT_EQ(d.ulpHistogram[23], 1);
  std::int64_t total = 0;
  for (auto c : d.ulpHistogram) total += c;
  EXPECT_EQ(total, d.nDiff);
}

TEST(StatisticsTest, UlpBucketsArePowersOfTwo) {
  EXPECT_EQ(ulpBucket(1), 0);
  EXPECT_EQ(ulpBucket(2), 1);
  EXPECT_EQ(ulpBucket(3), 1);
  EXPECT_EQ(ulpBucket(4), 2);
  EXPECT_EQ(ulpBucket(std::uint64_t{1} << 40), kUlpHistogramBuckets - 1);
}

TEST(StatisticsTest, EqualOutputsHaveNoHistogram) {
  HostTensor a({4}, DType::Float32), b({4}, DType::Float32);
  EXPECT_TRUE(compareOutputs(a, b).ulpHistogram.empty());
}

TEST(StatisticsTest, ReferenceErrorIsRelativeToMagnitude) {
  HostTensor out({2}, DType::Float32);
  out.as<float>()[0] = 1.5f;
  out.as<float>()[1] = 2.0f;
  const Reference ref{{1.0, 2.0}, {10.0, 4.0}};
  const ReferenceError e = referenceError(out, ref);
  EXPECT_DOUBLE_EQ(e.maxAbsErr, 0.5);
  EXPECT_DOUBLE_EQ(e.maxErrOverMagnitude, 0.05);
}

TEST(StatisticsTest, SummarizeCountsDistinctDigestsInOrder) {
  std::vector<TrialRecord> t(5);
  const std::uint64_t digests[5] = {7, 7, 9, 7, 11};
  for (int i = 0; i < 5; ++i) {
    t[static_cast<std::size_t>(i)].index = i;
    t[static_cast<std::size_t>(i)].digest = digests[i];
    t[static_cast<std::size_t>(i)].timeNs = 100 + i;
  }
  t[2].maxAbsDiff = 0.5;
  const RunSummary s = summarize(t);
  EXPECT_EQ(s.distinctDigests, 3);
  EXPECT_FALSE(s.reproducible);
  EXPECT_EQ(s.trialsDifferingFromFirst, 2);
  ASSERT_EQ(s.digests.size(), 3u);
  EXPECT_EQ(s.digests[0].count, 3);
  EXPECT_EQ(s.digests[1].firstTrial, 2);
  EXPECT_DOUBLE_EQ(s.maxAbsDiff, 0.5);
  EXPECT_DOUBLE_EQ(s.time.median, 102);
}

}  // namespace
}  // namespace detbench
