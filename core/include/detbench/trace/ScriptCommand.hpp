#pragma once
// The command a trace runs, taken apart: `python3 [options] train.py ARGS`, `python3 [options]
// -m package ARGS`, or a job's launcher, `torchrun [options] train.py ARGS` (run as its own
// Python runs it: `-m torch.distributed.run`).

#include <string>
#include <vector>

namespace detbench::trace {

struct ScriptCommand {
  std::string interpreter;
  std::vector<std::string> pythonOptions;  // -u, -X dev, -W error, ...
  bool module = false;                     // -m
  std::string target;                      // the script, or the module
  std::vector<std::string> args;
  // "torchrun" where the command named it (interpreter and target are then its Python and
  // torch.distributed.run); "" otherwise.
  std::string launcher;
  std::vector<std::string> argv() const;  // as given
};

// Raises InvalidArgument (one line) for no command, no script, -c or standard input, and for a
// torchrun that cannot be found or whose first line names no Python.
ScriptCommand parseScriptCommand(const std::vector<std::string>& argv);

// The Python a console script (torchrun) runs: its first line's `#!` interpreter (`#!/usr/bin/env
// python3` gives python3). Raises InvalidArgument where there is none.
std::string scriptInterpreter(const std::string& path);

// The value of torchrun's --nproc_per_node (also --nproc-per-node, joined by = or not) in
// `args`, replaced by `value`; false where the option is absent.
bool setProcessesPerNode(std::vector<std::string>& args, const std::string& value);

}  // namespace detbench::trace
