#include "models/RunSeries.hpp"

#include "detbench/run/Statistics.hpp"

namespace detbench::gui {

void RunSeries::append(const TrialRecord& record) {
  if (trial.empty()) firstDigest_ = record.digest;
  digests_.insert(record.digest);
  trial.push_back(record.index);
  maxAbsDiff.push_back(record.maxAbsDiff);
  distinctSoFar.push_back(static_cast<double>(digests_.size()));
  timeUs.push_back(static_cast<double>(record.timeNs) / 1000.0);
  algorithm.push_back(record.algorithm);
  if (!record.algorithm.empty()) hasAlgorithms_ = true;
  if (record.digest == firstDigest_) ++identicalToFirst;
  if (ulpTotals.empty()) ulpTotals.assign(kUlpHistogramBuckets, 0);
  for (std::size_t b = 0; b < record.ulpHistogram.size() && b < ulpTotals.size(); ++b) {
    ulpTotals[b] += record.ulpHistogram[b];
  }
}

void RunSeries::clear() {
  *this = RunSeries();
}

RunSeries RunSeries::fromResult(const RunResult& result) {
  RunSeries s;
  for (const auto& t : result.trials) s.append(t);
  return s;
}

}  // namespace detbench::gui
