// `detbench rng`: the first N values of a seeded random stream, one per line with 17
// significant digits, to check against the same calls in Python (see rng/RngEngines.hpp). The
// values are streamed: a count of billions takes no more memory than a count of ten.

#include <cstdio>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "IntegerOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/rng/RngEngines.hpp"

namespace detbench::cli {

int rngCommand(const CliStreams& io, const std::string& engine, const std::string& seedText,
               const std::string& countText, const std::string& dist) {
  const auto e = rng::parseEngine(engine);
  if (!e)
    DETBENCH_THROW(InvalidArgument,
                   "unknown engine " + engine + " (torch, numpy, numpy-generator, python, philox)");
  const auto d = rng::parseDistribution(dist);
  if (!d) DETBENCH_THROW(InvalidArgument, "unknown distribution " + dist + " (uniform, normal)");
  const auto seed = integerOption<std::uint64_t>(seedText, "--seed");
  const auto count = integerOption<std::int64_t>(countText, "--count", 0);
  rng::Stream stream(*e, seed, count, *d);
  double block[4096];
  std::string text;
  while (const std::size_t n = stream.next(block)) {
    text.clear();
    for (std::size_t i = 0; i < n; ++i) {
      char line[40];
      const int len = std::snprintf(line, sizeof line, "%.17g\n", block[i]);
      text.append(line, static_cast<std::size_t>(len));
    }
    io.out << text;
    if (!io.out) break;  // the reader went away
  }
  io.out.flush();
  return kExitOk;
}

}  // namespace detbench::cli
