#include "detbench/run/RunResult.hpp"

#include <algorithm>

namespace detbench {

bool LibraryCheck::outcomeAgrees() const {
  if (predicted == LibraryOutcome::Runs || predicted == LibraryOutcome::Switches) {
    return observed == LibraryOutcome::Runs || observed == LibraryOutcome::Switches;
  }
  return predicted == observed;
}

bool RunResult::raisedNondeterministic() const {
  return std::any_of(errors.begin(), errors.end(),
                     [](const ErrorRecord& e) { return e.kind == "NondeterministicError"; });
}

bool RunResult::refused() const {
  return std::any_of(errors.begin(), errors.end(),
                     [](const ErrorRecord& e) { return e.kind == "InvalidArgument"; });
}

bool RunResult::deviceFault() const {
  return std::any_of(errors.begin(), errors.end(), [](const ErrorRecord& e) {
    return e.kind != "InvalidArgument" && e.kind != "NondeterministicError";
  });
}

RunSummary summarize(const std::vector<TrialRecord>& trials) {
  RunSummary s;
  s.trials = static_cast<int>(trials.size());
  std::vector<std::int64_t> times;
  times.reserve(trials.size());
  for (const auto& t : trials) {
    times.push_back(t.timeNs);
    auto it = std::find_if(s.digests.begin(), s.digests.end(),
                           [&](const DigestCount& d) { return d.digest == t.digest; });
    if (it == s.digests.end())
      s.digests.push_back({t.digest, 1, t.index});
    else
      ++it->count;
    s.maxAbsDiff = std::max(s.maxAbsDiff, t.maxAbsDiff);
    s.maxUlp = std::max(s.maxUlp, t.maxUlp);
    s.maxNDiff = std::max(s.maxNDiff, t.nDiff);
    s.refMaxAbsErr = std::max(s.refMaxAbsErr, t.refMaxAbsErr);
    if (!trials.empty() && t.digest != trials.front().digest) ++s.trialsDifferingFromFirst;
  }
  s.distinctDigests = static_cast<int>(s.digests.size());
  s.reproducible = s.distinctDigests == 1;
  s.time = timingStats(times);
  return s;
}

}  // namespace detbench
