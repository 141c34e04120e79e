#include "detbench/run/Statistics.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "detbench/base/Error.hpp"

namespace detbench {

namespace {

double quantile(std::span<const double> sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

std::int64_t orderedBits(float x) {
  const auto bits = static_cast<std::int32_t>(std::bit_cast<std::uint32_t>(x));
  // Map the sign-magnitude float order onto two's complement order.
  return bits < 0 ? std::int64_t{std::numeric_limits<std::int32_t>::min()} - bits : bits;
}

std::int64_t orderedBits(double x) {
  const auto bits = std::bit_cast<std::int64_t>(x);
  return bits < 0 ? std::numeric_limits<std::int64_t>::min() - bits : bits;
}

template <typename F>
std::uint64_t ulpDistanceT(F a, F b) {
  if (std::bit_cast<std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>>(a) ==
      std::bit_cast<std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>>(b)) {
    return 0;
  }
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<std::uint64_t>::max();
  const std::int64_t x = orderedBits(a), y = orderedBits(b);
  return x > y ? static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y)
               : static_cast<std::uint64_t>(y) - static_cast<std::uint64_t>(x);
}

void countUlp(OutputDiff& d, std::uint64_t ulp) {
  if (d.ulpHistogram.empty()) d.ulpHistogram.assign(kUlpHistogramBuckets, 0);
  ++d.ulpHistogram[static_cast<std::size_t>(ulpBucket(ulp))];
}

template <typename F>
void compareFloats(std::span<const F> a, std::span<const F> b, OutputDiff& d) {
  using Bits = std::conditional_t<sizeof(F) == 4, std::uint32_t, std::uint64_t>;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::bit_cast<Bits>(a[i]) == std::bit_cast<Bits>(b[i])) continue;
    ++d.nDiff;  // bitwise different, even where the values compare equal (0.0 and -0.0)
    const std::uint64_t ulp = ulpDistanceT(a[i], b[i]);
    d.maxUlp = std::max(d.maxUlp, ulp);
    countUlp(d, ulp);
    const double diff = (std::isnan(a[i]) || std::isnan(b[i]))
                            ? std::numeric_limits<double>::infinity()
                            : std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
    d.maxAbsDiff = std::max(d.maxAbsDiff, diff);
  }
}

}  // namespace

TimingStats timingStats(std::span<const std::int64_t> ns) {
  TimingStats s;
  if (ns.empty()) return s;
  std::vector<double> v(ns.begin(), ns.end());
  std::sort(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  s.min = v.front();
  s.max = v.back();
  s.mean = sum / static_cast<double>(v.size());
  s.median = quantile(v, 0.5);
  s.p95 = quantile(v, 0.95);
  if (v.size() > 1) {
    double sq = 0;
    for (double x : v) sq += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(sq / static_cast<double>(v.size() - 1));
  }
  return s;
}

int ulpBucket(std::uint64_t ulp) {
  if (ulp == 0) return 0;
  return std::min(static_cast<int>(std::bit_width(ulp)) - 1, kUlpHistogramBuckets - 1);
}

double quantileOfSorted(std::span<const double> sorted, double q) {
  DETBENCH_CHECK_ARG(!sorted.empty(), "quantile of no values");
  return quantile(sorted, q);
}

BoxStats boxStats(std::span<const double> sorted) {
  DETBENCH_CHECK_ARG(!sorted.empty(), "box plot of no values");
  BoxStats b;
  b.q1 = quantile(sorted, 0.25);
  b.median = quantile(sorted, 0.5);
  b.q3 = quantile(sorted, 0.75);
  const double iqr = b.q3 - b.q1;
  b.lowWhisker = *std::lower_bound(sorted.begin(), sorted.end(), b.q1 - 1.5 * iqr);
  b.highWhisker = *(std::upper_bound(sorted.begin(), sorted.end(), b.q3 + 1.5 * iqr) - 1);
  return b;
}

std::uint64_t ulpDistance(float a, float b) {
  return ulpDistanceT(a, b);
}

OutputDiff compareOutputs(const HostTensor& a, const HostTensor& b) {
  DETBENCH_CHECK_ARG(a.dtype() == b.dtype() && a.shape() == b.shape(),
                     "outputs to compare differ in shape or dtype");
  OutputDiff d;
  switch (a.dtype()) {
    case DType::Float32:
      compareFloats(a.as<float>(), b.as<float>(), d);
      break;
    case DType::Float64:
      compareFloats(a.as<double>(), b.as<double>(), d);
      break;
    case DType::Int64: {
      const auto x = a.as<std::int64_t>(), y = b.as<std::int64_t>();
      for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] == y[i]) continue;
        ++d.nDiff;
        const auto diff = x[i] > y[i]
                              ? static_cast<std::uint64_t>(x[i]) - static_cast<std::uint64_t>(y[i])
                              : static_cast<std::uint64_t>(y[i]) - static_cast<std::uint64_t>(x[i]);
        d.maxUlp = std::max(d.maxUlp, diff);
        countUlp(d, diff);
        d.maxAbsDiff = std::max(d.maxAbsDiff, static_cast<double>(diff));
      }
      break;
    }
  }
  return d;
}

ReferenceError referenceError(const HostTensor& out, const Reference& ref) {
  ReferenceError e;
  if (ref.value.empty() && ref.magnitude.empty()) return e;  // an op without a reference
  const auto n = static_cast<std::size_t>(out.numel());
  DETBENCH_CHECK_ARG(ref.value.size() == n && ref.magnitude.size() == n,
                     "reference and output differ in size");
  auto visit = [&](auto values) {
    for (std::size_t i = 0; i < n; ++i) {
      const double v = static_cast<double>(values[i]);
      const double err =
          std::isnan(v) ? std::numeric_limits<double>::infinity() : std::fabs(v - ref.value[i]);
      e.maxAbsErr = std::max(e.maxAbsErr, err);
      if (err > 0) {
        const double rel =
            ref.magnitude[i] > 0 ? err / ref.magnitude[i] : std::numeric_limits<double>::infinity();
        e.maxErrOverMagnitude = std::max(e.maxErrOverMagnitude, rel);
      }
    }
  };
  switch (out.dtype()) {
    case DType::Float32:
      visit(out.as<float>());
      break;
    case DType::Float64:
      visit(out.as<double>());
      break;
    case DType::Int64:
      visit(out.as<std::int64_t>());
      break;
  }
  return e;
}

}  // namespace detbench
