#pragma once
// A detbench command run whole by the detbench on another machine, through ssh: a trace where
// the script is (trace --host), and batch jobs submitted and followed on a cluster's login node
// (run|sweep --host LOGIN --slurm-batch DIR, jobs DIR --host LOGIN). The host's shell runs a
// script this end sends (`sh -c SCRIPT DETBENCH WORDS...`): the command, then a line that says
// files follow, then each file as a record separator (0x1e), its size, a space, its name, a
// newline and its bytes.
// The command's words reach this end's standard output and error as they come; Ctrl-C here
// closes the session's standard input (a trace there stops as at Ctrl-C and sends what came).

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "Commands.hpp"
#include "RemoteOptions.hpp"

namespace detbench::cli {

// The shell line that says the files follow (the host script prints it after the command).
inline constexpr std::string_view kHostFilesFollow = "printf '\\036detbench-files\\036\\n'\n";
// The shell line that sends file "$f" under the name "$n".
inline constexpr std::string_view kHostSendFile =
    "printf '\\036%s %s\\n' \"$(wc -c < \"$f\")\" \"$n\"; cat \"$f\"\n";

struct HostFile {
  std::string name;
  std::string bytes;
};

struct HostCommandResult {
  int code = 0;          // the host script's exit status
  bool stopped = false;  // Ctrl-C here ended the session's input
  std::vector<HostFile> files;
};

// What becomes of a line of the host's standard output: itself, another, or nothing (nullopt).
using HostLineFilter = std::function<std::optional<std::string>(const std::string& line)>;

// Runs `script` on `host` with $0 the host's detbench and "$@" `words`; `what` names it in the
// line Ctrl-C prints ("the trace"). Raises NotAvailable where ssh cannot be started, ssh cannot
// reach the host (exit 255 before any file line), or the host has no detbench (exit 127).
HostCommandResult runOnHost(const CliStreams& io, const RemoteOptions& remote,
                            const std::string& host, const std::string& what,
                            const std::string& script, const std::vector<std::string>& words,
                            const HostLineFilter& filter);

// The command line's words without those that say how to reach the host (--host, --ssh-*,
// --remote-*) and those named in `alsoDrop` (options with a value; flags in `alsoDropFlags`).
// Everything from "--" on is kept as it is.
std::vector<std::string> wordsForHost(const std::vector<std::string>& words,
                                      const std::vector<std::string_view>& alsoDrop = {},
                                      const std::vector<std::string_view>& alsoDropFlags = {});

}  // namespace detbench::cli
