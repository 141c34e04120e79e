#pragma once
// Where a run goes when it goes to another machine: `ssh ... detbench serve --stdio` on a host,
// or a Slurm job step (`srun ... detbench serve --stdio`, here or on a cluster's login node
// through ssh), and the connection that reaches it.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "detbench/remote/RemoteClient.hpp"
#include "detbench/remote/ServeConnection.hpp"
#include "detbench/remote/SlurmConnection.hpp"
#include "detbench/remote/SlurmTarget.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::gui {

struct RemotePlan {
  // The host (ssh); with `slurm`, the cluster's login node (an empty destination: srun here).
  remote::SshTarget target;
  std::optional<remote::SlurmTarget> slurm;
  remote::RemoteTimeouts timeouts;
  std::string viewerHost;  // this machine, for the report's viewer

  // Raises InvalidArgument for a malformed host or Slurm option.
  void check() const;
  // In messages: "me@gpu-box", "a Slurm gpu:h100 node".
  std::string where() const;
  // How it was reached, for the report's viewer: "ssh me@gpu-box", "srun gpu:h100, ...".
  std::string label() const;
  // Starts ssh or srun. A Slurm job's state while it waits goes to `onState`. Raises
  // NotAvailable when the program cannot be started.
  std::unique_ptr<remote::ServeConnection> connect(
      const remote::SlurmConnection::StateCallback& onState = {}) const;
};

}  // namespace detbench::gui
