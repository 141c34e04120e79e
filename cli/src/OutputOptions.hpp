#pragma once
// The files a command was asked to write, checked before any work: no empty names, no file
// named twice (under any spelling or link), and each one writable now.

#include <optional>
#include <string>
#include <vector>

namespace detbench::cli {

struct OutputOption {
  std::string option;               // "--out", "--markdown", ...
  std::optional<std::string> path;  // nullopt: not given
  bool folder = false;              // a folder to fill (--save-io): made if missing
};

// Raises InvalidArgument for an empty name or one file named twice (also as an input), and
// IoError for one that cannot be written.
void checkOutputOptions(const std::vector<OutputOption>& outputs,
                        const std::vector<std::string>& inputs = {});

// The local time as a default report's name carries it: 20261128-012130.
std::string reportTimestamp();

}  // namespace detbench::cli
