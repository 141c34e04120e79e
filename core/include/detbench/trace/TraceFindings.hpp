#pragma once
// The causes of one configuration grouped by what fixes them: an unseeded script has hundreds of
// causes (every draw of the generator) and one answer, "seed it". Each finding names the kind
// and the fix, how many causes share them, the first of them (the headline stays the first
// cause) and the configuration preset that would confirm the fix.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "detbench/trace/TraceCatalogLink.hpp"

namespace detbench::trace {

struct TraceFinding {
  CauseKind kind = CauseKind::Unknown;
  TraceFix fix = TraceFix::None;
  std::size_t count = 0;      // causes with this kind and fix
  std::int64_t firstSeq = 0;  // the first of them
  int firstThread = 0;        // and its thread
  std::string firstName;      // its op
  std::optional<TraceSite> firstSite;
  std::size_t sites = 0;    // distinct call sites among them
  std::string confirmWith;  // the --configs preset that applies the fix ("" for none)
};

// In the order of each finding's first cause.
std::vector<TraceFinding> groupCauses(const TraceAlignment& alignment, PyTorchRelease release);

// The preset of `--configs` that applies `fix` ("seeded", "deterministic", ...), or "".
std::string confirmingConfig(TraceFix fix);

}  // namespace detbench::trace
