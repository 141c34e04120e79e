#pragma once
// A short program run to its end, its output kept: the scheduler's own commands (squeue,
// scancel, srun --test-only), each of which answers in a moment. POSIX only.

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace detbench::remote {

struct CommandResult {
  bool started = false;    // false: the program could not be started (`output` says why)
  bool timedOut = false;   // it was killed at the limit
  int exitCode = -1;       // its exit status; 128 + N for a signal N; -1 where it did not start
  std::string output;      // its standard output, at most `maxOutput` bytes (1 MiB unless said)
  bool outputCut = false;  // it wrote more than that
  std::string errors;      // its standard error, at most 64 KiB (the last bytes)
};

// Starts argv[0] (looked up on PATH) with no standard input and waits for it, at most `limit`
// (then SIGKILL).
CommandResult runShortCommand(const std::vector<std::string>& argv,
                              std::chrono::milliseconds limit = std::chrono::seconds(60),
                              std::size_t maxOutput = std::size_t{1} << 20);

}  // namespace detbench::remote
