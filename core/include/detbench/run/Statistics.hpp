#pragma once
// Summary statistics of per-trial times and of output differences.

#include <cstdint>
#include <span>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/op/Tensor.hpp"

namespace detbench {

struct TimingStats {
  double min = 0, median = 0, mean = 0, p95 = 0, max = 0, stddev = 0;  // nanoseconds
};

// Quantiles interpolate linearly between order statistics (NumPy's default); stddev is the
// sample standard deviation (n - 1), 0 for a single trial.
TimingStats timingStats(std::span<const std::int64_t> ns);

// The q-quantile (0..1) of sorted, non-empty values, interpolated as above.
double quantileOfSorted(std::span<const double> sorted, double q);

// A box plot of sorted, non-empty values: quartiles, and whiskers at the most extreme values
// within 1.5 IQR of the box (Tukey); values beyond the whiskers are outliers.
struct BoxStats {
  double lowWhisker = 0, q1 = 0, median = 0, q3 = 0, highWhisker = 0;
};
BoxStats boxStats(std::span<const double> sorted);

// Elementwise comparison of two outputs of the same shape and dtype.
struct OutputDiff {
  double maxAbsDiff = 0;     // inf where one side is NaN and the other is not
  std::uint64_t maxUlp = 0;  // floats: distance in representable values; ints: |a - b|
  std::int64_t nDiff = 0;    // elements whose bits differ
  // Differing elements by ULP distance: bucket b counts distances in [2^b, 2^(b+1)); the last
  // bucket also takes everything larger and NaN against a number. Empty when nothing differs.
  std::vector<std::int64_t> ulpHistogram;
};
inline constexpr int kUlpHistogramBuckets = 24;
// The bucket of one ULP distance (> 0).
int ulpBucket(std::uint64_t ulp);
OutputDiff compareOutputs(const HostTensor& a, const HostTensor& b);

// Distance in units in the last place between two floats (0 for equal bits).
std::uint64_t ulpDistance(float a, float b);

// Error against the float64 reference.
struct ReferenceError {
  double maxAbsErr = 0;
  double maxErrOverMagnitude = 0;  // max over elements of |out - ref| / magnitude
};
ReferenceError referenceError(const HostTensor& out, const Reference& ref);

}  // namespace detbench
