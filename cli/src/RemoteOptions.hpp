#pragma once
// --host and the options around it: run a command's work on another machine through
// `ssh -T ... detbench serve --stdio` (core/remote). DETBENCH_SSH names another ssh program.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "detbench/remote/RemoteClient.hpp"

namespace detbench::cli {

struct RemoteOptions {
  std::vector<std::string> hosts;  // [user@]host, one or more (`run`: each in turn)
  std::string sshPort = "0";
  std::optional<std::string> identity;
  std::string remoteDetbench = "detbench";
  std::string timeout = "60";   // seconds: connection and login, and each answer
  std::string silence = "300";  // seconds without a message during a run
  std::vector<std::string> sshOptions;
};

void addRemoteOptions(CLI::App& app, RemoteOptions& o);

// Starts ssh and waits for the remote detbench's hello. Raises InvalidArgument for malformed
// options and NotAvailable, with one line that says what happened, when there is no ssh, the
// host cannot be reached or refuses the key, the remote has no detbench, or it speaks another
// protocol version.
// `cancel` (Ctrl-C) ends the waits for the login and the answers.
std::unique_ptr<remote::RemoteClient> connectRemote(const RemoteOptions& o, const std::string& host,
                                                    const CancelToken* cancel = nullptr);

// "ssh user@host", for reports and messages.
std::string remoteLabel(const std::string& host);

}  // namespace detbench::cli
