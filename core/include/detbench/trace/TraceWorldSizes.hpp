#pragma once
// `--world-sizes 2,3,4`: one job traced at several world sizes, a configuration each. The sizes
// are set side by side on rank 0 of run 1: the first of its collectives whose outputs differ
// between the sizes (the same number among its collectives), and whether the results it took
// out of torch differ. Whether each size repeats is each configuration's own verdict.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "detbench/trace/TraceSession.hpp"

namespace detbench::trace {

struct WorldSizeComparison {
  std::vector<int> sizes;               // by configuration, those that ran as a job
  std::size_t collectivesCompared = 0;  // the fewest rank 0 ran at any size
  std::size_t firstDiffering = 0;       // 1-based, among rank 0's collectives (0: none)
  std::string op;                       // that collective's name
  std::vector<std::uint64_t> digests;   // its outputs' folded digest at each size
  bool resultsCompared = false;         // rank 0 took results out of torch at every size
  bool resultsDiffer = false;
};

// None where fewer than two configurations set a world size and ran as a job with a rank 0.
std::optional<WorldSizeComparison> compareWorldSizes(const TraceResult& result);

// "world sizes 2, 3, 4: rank 0's collective 1 (c10d::all_reduce) gives other bits at each
// size; its results differ".
std::string describeWorldSizes(const WorldSizeComparison& c);

}  // namespace detbench::trace
