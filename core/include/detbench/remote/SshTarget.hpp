#pragma once
// Where a remote detbench runs, and the OpenSSH command that reaches it:
//   ssh -T -o BatchMode=yes -o ConnectTimeout=S -o ServerAliveInterval=15
//       -o ServerAliveCountMax=4 [-p PORT] [-i IDENTITY] [-o OPTION]... DESTINATION
//       -- 'REMOTE_DETBENCH' serve --stdio
// Authentication, encryption and host keys are SSH's: BatchMode makes ssh fail at once, with
// its own message, where it would otherwise ask for a password or to accept an unknown host
// key; detbench asks for and stores no secret.

#include <string>
#include <vector>

namespace detbench::remote {

struct SshTarget {
  std::string destination;  // [user@]host, or a Host alias of ~/.ssh/config
  int port = 0;             // 0: ssh's own choice (its config, or 22)
  std::string identityFile;
  std::string remoteDetbench = "detbench";  // the remote program, found on the remote PATH
  int connectTimeoutSeconds = 20;
  std::vector<std::string> options;  // further -o NAME=VALUE, passed as given
  std::string ssh = "ssh";           // the ssh program
};

// Raises InvalidArgument for a destination that is empty, starts with '-' or holds spaces or
// control characters, a port outside 1 to 65535, or a remote program path with a newline.
void checkSshTarget(const SshTarget& target);

// The command line that starts `detbench serve --stdio` on the target.
std::vector<std::string> sshCommand(const SshTarget& target);
// The command line that runs `remote` (a program and its arguments, each quoted for the remote
// shell) on the target: Slurm's commands on a cluster's login node.
std::vector<std::string> sshCommand(const SshTarget& target,
                                    const std::vector<std::string>& remote);

// `word` quoted for a POSIX shell (the remote side's, which runs ssh's command).
std::string shellQuoted(const std::string& word);

}  // namespace detbench::remote
