#pragma once
// Starting a child for the remote commands (ServeConnection, runShortCommand): argv[0] looked
// up on PATH, its standard streams on the descriptors given (stdinFd < 0: /dev/null), in a
// process group of its own, so that a Ctrl-C at the terminal reaches detbench alone (which then
// ends the child in order: a remote run asked to stop, a Slurm job cancelled).

#include <spawn.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace detbench::remote {

// posix_spawnp's result: 0, or the error number; `pid` is set on success.
int spawnChild(const std::vector<std::string>& argv, int stdinFd, int stdoutFd, int stderrFd,
               pid_t& pid);

// Closes a descriptor of the child's pipes once, if open, and marks it closed (-1).
void closeChildFd(int& fd);

}  // namespace detbench::remote
