#pragma once
// The plottable series of one trial set, grown trial by trial while a run streams and made in
// one go from a finished (or reopened) RunResult. Plots read it; it knows nothing of Qt.

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "detbench/run/RunResult.hpp"

namespace detbench::gui {

struct RunSeries {
  std::vector<double> trial;            // trial index
  std::vector<double> maxAbsDiff;       // against trial 0
  std::vector<double> distinctSoFar;    // distinct output digests up to and including the trial
  std::vector<double> timeUs;           // time per trial, microseconds
  std::vector<std::string> algorithm;   // the library's choice, "" where there is none
  std::vector<std::int64_t> ulpTotals;  // differing elements by ULP bucket, over all trials
  int identicalToFirst = 0;             // trials whose output equals trial 0's, bit for bit

  void append(const TrialRecord& record);
  void clear();
  std::size_t size() const { return trial.size(); }
  bool hasAlgorithms() const { return hasAlgorithms_; }
  int distinct() const { return static_cast<int>(digests_.size()); }

  static RunSeries fromResult(const RunResult& result);

 private:
  std::unordered_set<std::uint64_t> digests_;
  std::uint64_t firstDigest_ = 0;
  bool hasAlgorithms_ = false;
};

}  // namespace detbench::gui
