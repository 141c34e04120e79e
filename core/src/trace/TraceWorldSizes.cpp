#include "detbench/trace/TraceWorldSizes.hpp"

#include <algorithm>

namespace detbench::trace {

namespace {

const TraceRankResult* rankZero(const TraceConfigResult& c) {
  for (const auto& r : c.job.ranks) {
    if (r.rank == 0) return &r;
  }
  return nullptr;
}

}  // namespace

std::optional<WorldSizeComparison> compareWorldSizes(const TraceResult& result) {
  WorldSizeComparison w;
  std::vector<const TraceRankResult*> zeros;
  for (const auto& c : result.configs) {
    const TraceRankResult* zero = rankZero(c);
    if (!c.config.settings.worldSize || !zero) continue;
    w.sizes.push_back(*c.config.settings.worldSize);
    zeros.push_back(zero);
  }
  if (zeros.size() < 2) return std::nullopt;
  w.collectivesCompared = zeros[0]->collectiveDigests.size();
  for (const auto* z : zeros) {
    w.collectivesCompared = std::min(w.collectivesCompared, z->collectiveDigests.size());
  }
  for (std::size_t n = 0; n < w.collectivesCompared && w.firstDiffering == 0; ++n) {
    const bool sameOp = std::all_of(zeros.begin(), zeros.end(), [&](const TraceRankResult* z) {
      return z->collectiveNames[n] == zeros[0]->collectiveNames[n];
    });
    if (!sameOp) {
      w.collectivesCompared = n;  // the sequences of collectives part here
      break;
    }
    const bool same = std::all_of(zeros.begin(), zeros.end(), [&](const TraceRankResult* z) {
      return z->collectiveDigests[n] == zeros[0]->collectiveDigests[n];
    });
    if (!same) {
      w.firstDiffering = n + 1;
      w.op = zeros[0]->collectiveNames[n];
      for (const auto* z : zeros) w.digests.push_back(z->collectiveDigests[n]);
    }
  }
  w.resultsCompared = std::all_of(zeros.begin(), zeros.end(), [](const TraceRankResult* z) {
    return !z->resultDigests.empty();
  });
  if (w.resultsCompared) {
    w.resultsDiffer = std::any_of(zeros.begin(), zeros.end(), [&](const TraceRankResult* z) {
      return z->resultDigests != zeros[0]->resultDigests;
    });
  }
  return w;
}

std::string describeWorldSizes(const WorldSizeComparison& c) {
  std::string sizes;
  for (const int n : c.sizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(n);
  std::string s = "world sizes " + sizes + ": ";
  if (c.firstDiffering > 0) {
    std::vector<std::uint64_t> distinct = c.digests;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    s += "rank 0's collective " + std::to_string(c.firstDiffering) + " (" + c.op + ") gives " +
         std::to_string(distinct.size()) + " different outputs at the " +
         std::to_string(c.sizes.size()) + " sizes";
  } else if (c.collectivesCompared > 0) {
    s += "rank 0's " + std::to_string(c.collectivesCompared) +
         (c.collectivesCompared == 1 ? " collective gives" : " collectives give") +
         " the same bits at every size";
  } else {
    s += "no collective of rank 0 to compare";
  }
  if (c.resultsCompared) {
    s += c.resultsDiffer ? "; its results differ" : "; its results are the same";
  }
  return s;
}

}  // namespace detbench::trace
