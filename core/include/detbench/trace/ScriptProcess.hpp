#pragma once
// One run of a traced script: a child process in a process group of its own, its records read
// from a pipe line by line as they come, its standard error's tail kept, stopped on a timeout
// or a cancel (SIGINT to the group, SIGKILL 3 seconds later), and whatever it left running
// (DataLoader workers) stopped when it ends. POSIX only.

#include <chrono>
#include <csignal>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "detbench/run/CancelToken.hpp"
#include "detbench/trace/TraceAlignment.hpp"

namespace detbench::trace {

// The descriptor the child finds its record pipe on (named to it in DETBENCH_TRACE_FD).
inline constexpr int kRecordDescriptor = 3;
// How much of the child's standard error is kept.
inline constexpr std::size_t kStderrTailBytes = 8192;

struct ScriptLaunch {
  std::vector<std::string> argv;  // argv[0] is looked up on PATH
  std::string workingDir;         // empty: this process's
  // Set in the child's environment (over this process's, whose DETBENCH_TRACE_* are dropped).
  std::vector<std::pair<std::string, std::string>> environment;
  std::chrono::milliseconds timeout{0};  // 0: none
  bool captureStdout = false;            // else the child's standard output goes to /dev/null
  // A file the probe keeps the records' last bytes in (DETBENCH_TRACE_RING): read after the
  // process ends for what the pipe had not brought (a crash, os._exit, a kill). "" for none.
  std::string ringPath;
  // The records come on the child's standard output instead of kRecordDescriptor (a launcher
  // such as srun brings back only standard output and error); `captureStdout` is then moot.
  bool recordsOnStdout = false;
  // The first signal a timeout or a cancel sends the process group (SIGKILL follows after a
  // grace): SIGINT lets Python end the script; srun passes SIGTERM on to its step (a SIGINT
  // only makes it print the step's state).
  int stopSignal = SIGINT;
};

struct ScriptCallbacks {
  // Each record line, without its newline. An exception it raises stops the run, its message
  // becoming TraceRunExit::problem.
  std::function<void(std::string_view line)> onRecord;
  // The child's standard error (and standard output, when captured), as it comes.
  std::function<void(std::string_view text)> onOutput;
};

// Runs it to its end. Raises NotAvailable when the program cannot be started.
TraceRunExit runScript(const ScriptLaunch& launch, const ScriptCallbacks& callbacks,
                       const CancelToken* cancel = nullptr);

// The bytes of the record stream from `received` on, as the ring file at `path` holds them
// (resources/trace/detbench_probe/channel.py: a 16-byte header, bytes written in all and the
// capacity, then the ring). Empty when the file is missing or ill-formed, when nothing is
// missing, or when what is missing is no longer all in the ring (`lost` then says how many
// bytes).
std::string missingRecords(const std::string& path, std::uint64_t received, std::uint64_t& lost);

// The last `lines` lines of `text` (what a report shows of a script's standard error).
std::string lastLines(std::string_view text, int lines);

}  // namespace detbench::trace
