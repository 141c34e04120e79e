#include "detbench/remote/SshTarget.hpp"

#include "detbench/base/Error.hpp"

namespace detbench::remote {

void checkSshTarget(const SshTarget& t) {
  DETBENCH_CHECK_ARG(!t.destination.empty(), "no host given: say [user@]host");
  DETBENCH_CHECK_ARG(t.destination.front() != '-',
                     "the host '" + t.destination + "' starts with '-': not a host");
  for (const char c : t.destination) {
    DETBENCH_CHECK_ARG(static_cast<unsigned char>(c) > ' ' && c != 0x7f,
                       "the host '" + t.destination + "' holds a space or a control character");
  }
  DETBENCH_CHECK_ARG(t.port >= 0 && t.port <= 65535,
                     "the ssh port must be 1 to 65535, not " + std::to_string(t.port));
  DETBENCH_CHECK_ARG(
      !t.remoteDetbench.empty() && t.remoteDetbench.find_first_of("\n\r") == std::string::npos,
      "the remote detbench must be a program path on one line");
  DETBENCH_CHECK_ARG(t.connectTimeoutSeconds >= 1 && t.connectTimeoutSeconds <= 3600,
                     "the connection timeout must be 1 to 3600 seconds");
}

std::string shellQuoted(const std::string& word) {
  std::string q = "'";
  for (const char c : word) {
    if (c == '\'') {
      q += "'\\''";
    } else {
      q += c;
    }
  }
  return q + "'";
}

namespace {

// ssh's words for the target, then the remote shell's command line as one word.
std::vector<std::string> sshArgv(const SshTarget& t, std::string remoteCommand) {
  checkSshTarget(t);
  std::vector<std::string> argv{t.ssh, "-T",
                                "-o",  "BatchMode=yes",
                                "-o",  "ConnectTimeout=" + std::to_string(t.connectTimeoutSeconds),
                                "-o",  "ServerAliveInterval=15",
                                "-o",  "ServerAliveCountMax=4"};
  if (t.port != 0) {
    argv.push_back("-p");
    argv.push_back(std::to_string(t.port));
  }
  if (!t.identityFile.empty()) {
    argv.push_back("-i");
    argv.push_back(t.identityFile);
  }
  for (const auto& o : t.options) {
    argv.push_back("-o");
    argv.push_back(o);
  }
  argv.push_back("--");
  argv.push_back(t.destination);
  argv.push_back(std::move(remoteCommand));
  return argv;
}

}  // namespace

std::vector<std::string> sshCommand(const SshTarget& t) {
  // ssh joins its words with spaces for the remote shell: the program path is quoted.
  return sshArgv(t, shellQuoted(t.remoteDetbench) + " serve --stdio");
}

std::vector<std::string> sshCommand(const SshTarget& t, const std::vector<std::string>& remote) {
  DETBENCH_CHECK_ARG(!remote.empty(), "no command to run through ssh");
  std::string command;
  for (const auto& word : remote) {
    if (!command.empty()) command += ' ';
    command += shellQuoted(word);
  }
  return sshArgv(t, command);
}

}  // namespace detbench::remote
