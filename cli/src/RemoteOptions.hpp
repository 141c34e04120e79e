#pragma once
// --host and --slurm and the options around them: run a command's work elsewhere through the
// serve protocol (core/remote). `--host H`: `ssh -T ... detbench serve --stdio` on H.
// `--slurm`: a Slurm job step, `srun ... detbench serve --stdio`, one per --gpu-type (here, or
// on the login node --host names). DETBENCH_SSH names another ssh program.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "detbench/remote/RemoteClient.hpp"
#include "detbench/remote/SlurmTarget.hpp"

namespace detbench::cli {

struct RemoteOptions {
  std::vector<std::string> hosts;  // [user@]host, one or more (`run`: each in turn)
  std::string sshPort = "0";
  std::optional<std::string> identity;
  std::string remoteDetbench = "detbench";
  std::string timeout = "60";   // seconds: connection and login, and each answer
  std::string silence = "300";  // seconds without a message during a run
  std::vector<std::string> sshOptions;
  // Slurm: srun's options in the scheduler's terms.
  bool slurm = false;
  std::string partition;
  std::vector<std::string> gpuTypes;  // one job each; none: one job without a GPU type
  std::string constraint;
  std::string timeLimit;
  std::string account;
  std::string qos;
  std::vector<std::string> srunOptions;
  // Batch jobs (run and sweep): submit with sbatch and return; the tasks' files under DIR.
  std::optional<std::string> slurmBatch;
  // The command line's words after the subcommand's name, as given: for a command that the
  // detbench on --host runs whole (trace, --slurm-batch through a login node).
  std::vector<std::string> words;
};

// --host and the options that say how to reach it (ssh's, --remote-detbench).
void addHostOptions(CLI::App& app, RemoteOptions& o);
// Those, --remote-timeout and --remote-silence, --slurm and its options.
void addRemoteOptions(CLI::App& app, RemoteOptions& o);

// Where a command's work runs when it is not here: an ssh host, or a Slurm job (through ssh
// on a login node where `host` is set).
struct RemoteEndpoint {
  std::string name;   // for progress lines and file names: the host, or "gpu-TYPE" / "slurm"
  std::string label;  // for reports and messages: "ssh user@host", "srun gpu:h100, ..."
  std::optional<std::string> host;
  std::optional<remote::SlurmTarget> slurm;
};

// The ssh command that runs `remote` (its words quoted for the remote shell) on `host` with the
// options' port, identity, ssh options and time to connect (DETBENCH_SSH: another ssh). Raises
// InvalidArgument for malformed values.
std::vector<std::string> sshCommandFor(const RemoteOptions& o, const std::string& host,
                                       const std::vector<std::string>& remote);

// True with --host or --slurm. Raises InvalidArgument for Slurm's options without --slurm.
bool isRemote(const RemoteOptions& o);
// The endpoints the options name, in order (each --host, or each --gpu-type with --slurm).
// Raises InvalidArgument for Slurm options without --slurm, --slurm with more than one --host,
// and malformed values; nothing is started.
std::vector<RemoteEndpoint> remoteEndpoints(const RemoteOptions& o);
// Before anything is submitted, with --slurm: srun is there, Slurm accepts each job as asked
// (srun --test-only: the partition, the GPU type, the time limit, the account; Slurm's own
// words where it does not), and `device` is one the job can have (a GPU device needs a GPU in
// the job). Raises InvalidArgument. Nothing for --host.
void checkRemoteEndpoints(const RemoteOptions& o, const std::vector<RemoteEndpoint>& endpoints,
                          const std::string& device = "");

// Starts ssh (or srun) and waits for the remote detbench's hello. Raises InvalidArgument for
// malformed options and NotAvailable, with one line that says what happened, when there is no
// ssh, the host cannot be reached or refuses the key, the remote has no detbench, or it speaks
// another protocol version. A Slurm job may queue first: it is waited for as long as it stays
// queued, each change of its state going to `onState` ("job 12 pending (Priority: ...)").
// `cancel` (Ctrl-C) ends the waits for the login and the answers (and cancels the job).
std::unique_ptr<remote::RemoteClient> connectRemote(
    const RemoteOptions& o, const RemoteEndpoint& endpoint, const CancelToken* cancel = nullptr,
    const std::function<void(const std::string&)>& onState = {});

// The one endpoint of a command that takes one (env, demo, invariance): raises
// InvalidArgument, naming `command` (and `hint` after it), where the options name several.
RemoteEndpoint singleEndpoint(const RemoteOptions& o, const std::string& command,
                              const std::string& hint = "");

// ", job 12 on node1, GPUs 0" for a report whose context ran in a Slurm job; "" otherwise.
std::string slurmJobWords(const Environment& context);

}  // namespace detbench::cli
