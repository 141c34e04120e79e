#include "RemoteOptions.hpp"

#include <cstdlib>

#include "IntegerOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::cli {

void addRemoteOptions(CLI::App& app, RemoteOptions& o) {
  app.add_option("--host", o.hosts,
                 "Run on another machine, [user@]host, through ssh (key or agent login; "
                 "detbench must be installed there)");
  app.add_option("--ssh-port", o.sshPort, "With --host: ssh's port (default: ssh's own)");
  app.add_option("--ssh-identity", o.identity, "With --host: ssh's identity file (-i)");
  app.add_option("--ssh-option", o.sshOptions,
                 "With --host: an ssh -o option, NAME=VALUE (repeatable)");
  app.add_option("--remote-detbench", o.remoteDetbench,
                 "With --host: the detbench program on that machine")
      ->capture_default_str();
  app.add_option("--remote-timeout", o.timeout,
                 "With --host: seconds to wait for the connection and each answer")
      ->capture_default_str();
  app.add_option("--remote-silence", o.silence,
                 "With --host: seconds a run may stay silent before it is given up")
      ->capture_default_str();
}

std::string remoteLabel(const std::string& host) {
  return "ssh " + host;
}

std::unique_ptr<remote::RemoteClient> connectRemote(const RemoteOptions& o, const std::string& host,
                                                    const CancelToken* cancel) {
  remote::SshTarget target;
  target.destination = host;
  target.port = integerOption<int>(o.sshPort, "--ssh-port", 0, 65535);
  if (o.identity) target.identityFile = *o.identity;
  target.remoteDetbench = o.remoteDetbench;
  const int timeout = integerOption<int>(o.timeout, "--remote-timeout", 1, 3600);
  const int silence = integerOption<int>(o.silence, "--remote-silence", 1, 86400);
  target.connectTimeoutSeconds = timeout;
  target.options = o.sshOptions;
  if (const char* ssh = std::getenv("DETBENCH_SSH"); ssh != nullptr && *ssh != '\0') {
    target.ssh = ssh;
  }
  const std::vector<std::string> argv = remote::sshCommand(target);
  std::unique_ptr<remote::ServeConnection> connection;
  try {
    connection = std::make_unique<remote::ServeConnection>(argv);
  } catch (const NotAvailable& e) {
    DETBENCH_THROW(NotAvailable,
                   e.message() + (target.ssh == "ssh" ? " (--host needs OpenSSH's client: install "
                                                        "openssh-client)"
                                                      : ""));
  }
  remote::RemoteTimeouts timeouts;
  timeouts.hello = std::chrono::seconds(timeout);
  timeouts.answer = std::chrono::seconds(timeout);
  timeouts.silence = std::chrono::seconds(silence);
  return std::make_unique<remote::RemoteClient>(std::move(connection), target.destination, timeouts,
                                                cancel);
}

}  // namespace detbench::cli
