// `detbench rng`: the first N values of a seeded random stream, one per line with 17
// significant digits, to check against the same calls in Python (see rng/RngEngines.hpp).

#include <cstdio>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/Error.hpp"
#include "detbench/rng/RngEngines.hpp"

namespace detbench::cli {

int rngCommand(const CliStreams& io, const std::string& engine, std::uint64_t seed,
               std::int64_t count, const std::string& dist) {
  const auto e = rng::parseEngine(engine);
  if (!e)
    DETBENCH_THROW(InvalidArgument, "unknown engine " + engine + " (torch, numpy, python, philox)");
  const auto d = rng::parseDistribution(dist);
  if (!d) DETBENCH_THROW(InvalidArgument, "unknown distribution " + dist + " (uniform, normal)");
  for (double v : rng::generate(*e, seed, count, *d)) {
    char line[40];
    std::snprintf(line, sizeof line, "%.17g\n", v);
    io.out << line;
  }
  return kExitOk;
}

}  // namespace detbench::cli
