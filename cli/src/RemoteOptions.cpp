#include "RemoteOptions.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <set>

#include "IntegerOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/ShortCommand.hpp"
#include "detbench/remote/SlurmConnection.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::cli {

namespace {

// How long a Slurm job may wait in the queue before its hello: as long as it is queued (Ctrl-C
// cancels it); a week stands for that.
constexpr std::chrono::hours kQueueWait{24 * 7};

remote::SshTarget sshTargetOf(const RemoteOptions& o, const std::string& host) {
  remote::SshTarget target;
  target.destination = host;
  target.port = integerOption<int>(o.sshPort, "--ssh-port", 0, 65535);
  if (o.identity) target.identityFile = *o.identity;
  target.remoteDetbench = o.remoteDetbench;
  target.connectTimeoutSeconds = integerOption<int>(o.timeout, "--remote-timeout", 1, 3600);
  target.options = o.sshOptions;
  if (const char* ssh = std::getenv("DETBENCH_SSH"); ssh != nullptr && *ssh != '\0') {
    target.ssh = ssh;
  }
  return target;
}

}  // namespace

std::vector<std::string> sshCommandFor(const RemoteOptions& o, const std::string& host,
                                       const std::vector<std::string>& remote) {
  const remote::SshTarget target = sshTargetOf(o, host);
  remote::checkSshTarget(target);
  return remote::sshCommand(target, remote);
}

namespace {

// A name no other connection of this machine's detbench processes uses.
std::string uniqueJobName() {
  static std::atomic<int> next{0};
  return "detbench-" + std::to_string(::getpid()) + "-" + std::to_string(next++);
}

remote::SlurmConnection::CommandWrap wrapFor(const RemoteOptions& o,
                                             const RemoteEndpoint& endpoint) {
  if (!endpoint.host) return {};
  const remote::SshTarget login = sshTargetOf(o, *endpoint.host);
  return [login](const std::vector<std::string>& argv) { return remote::sshCommand(login, argv); };
}

// The first line of what Slurm said, without srun's "srun: error: " prefixes.
std::string slurmWords(const remote::CommandResult& r) {
  std::string text = r.errors.empty() ? r.output : r.errors;
  std::string said;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? end : end - start);
    start = end == std::string::npos ? text.size() : end + 1;
    for (const char* prefix : {"srun: error: ", "srun: "}) {
      if (line.rfind(prefix, 0) == 0) {
        line.erase(0, std::string(prefix).size());
        break;
      }
    }
    if (line.empty()) continue;
    said += (said.empty() ? "" : "; ") + line;
  }
  return said.empty() ? "srun --test-only failed (exit " + std::to_string(r.exitCode) + ")" : said;
}

}  // namespace

void addHostOptions(CLI::App& app, RemoteOptions& o) {
  app.add_option("--host", o.hosts,
                 "Run on another machine, [user@]host, through ssh (key or agent login; "
                 "detbench must be installed there); with --slurm, the cluster's login node");
  app.add_option("--ssh-port", o.sshPort, "With --host: ssh's port (default: ssh's own)");
  app.add_option("--ssh-identity", o.identity, "With --host: ssh's identity file (-i)");
  app.add_option("--ssh-option", o.sshOptions,
                 "With --host: an ssh -o option, NAME=VALUE (repeatable)");
  app.add_option("--remote-detbench", o.remoteDetbench,
                 "With --host or --slurm: the detbench program on that machine")
      ->capture_default_str();
}

void addRemoteOptions(CLI::App& app, RemoteOptions& o) {
  addHostOptions(app, o);
  app.add_option("--remote-timeout", o.timeout,
                 "With --host or --slurm: seconds to wait for the connection and each answer "
                 "(a Slurm job's time in the queue is not counted)")
      ->capture_default_str();
  app.add_option("--remote-silence", o.silence,
                 "With --host or --slurm: seconds a run may stay silent before it is given up")
      ->capture_default_str();
  app.add_flag("--slurm", o.slurm,
               "Run as a Slurm job step (srun), here or on the login node --host names");
  app.add_option("--partition", o.partition, "With --slurm: the partition (srun --partition)");
  app.add_option("--gpu-type", o.gpuTypes,
                 "With --slurm: a GPU type, as --gres=gpu:TYPE:1 (repeatable: one job each, "
                 "their outputs set side by side)");
  app.add_option("--constraint", o.constraint, "With --slurm: node features (srun --constraint)");
  app.add_option("--time", o.timeLimit,
                 "With --slurm: the job's time limit, as srun --time takes it (30, 1:00:00)");
  app.add_option("--account", o.account, "With --slurm: the account to charge (srun --account)");
  app.add_option("--qos", o.qos, "With --slurm: the quality of service (srun --qos)");
  app.add_option("--slurm-batch", o.slurmBatch,
                 "With --slurm (run, sweep): submit as batch jobs (sbatch; a sweep's "
                 "configurations as a job array), print the job ids and return; the reports are "
                 "made in DIR, a folder the nodes share (`detbench jobs DIR` follows them)");
  app.add_option("--srun-option", o.srunOptions,
                 "With --slurm: any other srun option, as --srun-option=--NAME=VALUE (repeatable)");
}

namespace {

void checkSlurmOptionsHaveSlurm(const RemoteOptions& o) {
  if (o.slurm) return;
  const bool slurmOptions = !o.partition.empty() || !o.gpuTypes.empty() || !o.constraint.empty() ||
                            !o.timeLimit.empty() || !o.account.empty() || !o.qos.empty() ||
                            !o.srunOptions.empty() || o.slurmBatch.has_value();
  DETBENCH_CHECK_ARG(!slurmOptions,
                     "--partition, --gpu-type, --constraint, --time, --account, --qos, "
                     "--srun-option and --slurm-batch go with --slurm");
}

}  // namespace

bool isRemote(const RemoteOptions& o) {
  checkSlurmOptionsHaveSlurm(o);
  return o.slurm || !o.hosts.empty();
}

std::vector<RemoteEndpoint> remoteEndpoints(const RemoteOptions& o) {
  std::vector<RemoteEndpoint> endpoints;
  checkSlurmOptionsHaveSlurm(o);
  if (!o.slurm) {
    for (const auto& host : o.hosts) {
      checkSshTarget(sshTargetOf(o, host));
      endpoints.push_back({host, "ssh " + host, host, std::nullopt});
    }
    return endpoints;
  }
  DETBENCH_CHECK_ARG(o.hosts.size() <= 1,
                     "with --slurm, --host names the cluster's login node: give one");
  std::set<std::string> seen;
  std::vector<std::string> types = o.gpuTypes;
  if (types.empty()) types.emplace_back();
  for (const auto& type : types) {
    DETBENCH_CHECK_ARG(seen.insert(type).second, "--gpu-type " + type + " is given twice");
    remote::SlurmTarget t;
    t.partition = o.partition;
    t.gpuType = type;
    t.constraint = o.constraint;
    t.timeLimit = o.timeLimit;
    t.account = o.account;
    t.qos = o.qos;
    t.srunOptions = o.srunOptions;
    t.remoteDetbench = o.remoteDetbench;
    t.jobName = uniqueJobName();
    remote::checkSlurmTarget(t);
    RemoteEndpoint e;
    e.name = type.empty() ? std::string("slurm") : "gpu-" + type;
    e.label = "srun " + remote::slurmTargetLabel(t);
    if (!o.hosts.empty()) {
      e.host = o.hosts.front();
      checkSshTarget(sshTargetOf(o, *e.host));
      e.label += " via ssh " + *e.host;
    }
    e.slurm = std::move(t);
    endpoints.push_back(std::move(e));
  }
  return endpoints;
}

void checkRemoteEndpoints(const RemoteOptions& o, const std::vector<RemoteEndpoint>& endpoints,
                          const std::string& device) {
  const bool gpuDevice = device == "cuda" || device.ends_with("-cuda");
  for (const auto& e : endpoints) {
    if (!e.slurm) continue;
    DETBENCH_CHECK_ARG(!gpuDevice || remote::slurmJobHasGpu(*e.slurm),
                       "--device " + device +
                           " needs a GPU in the job: add --gpu-type TYPE (or "
                           "--srun-option=--gres=gpu:1)");
    const auto argv = remote::srunTestCommand(*e.slurm);
    const auto wrap = wrapFor(o, e);
    const remote::CommandResult r =
        remote::runShortCommand(wrap ? wrap(argv) : argv, std::chrono::seconds(60));
    if (!r.started) {
      DETBENCH_THROW(InvalidArgument,
                     e.host ? r.errors
                            : "no srun on the PATH: run on the cluster's login node, or add "
                              "--host LOGIN (slurm-client has srun)");
    }
    DETBENCH_CHECK_ARG(!r.timedOut, "srun --test-only did not answer within 60 s");
    if (r.exitCode != 0) {
      const std::string said = slurmWords(r);
      const bool noSrun = r.exitCode == 127 && e.host;  // the login shell found none
      DETBENCH_THROW(InvalidArgument, noSrun
                                          ? "no srun on " + *e.host + ": " + said
                                          : "Slurm refuses the job (" +
                                                remote::slurmTargetLabel(*e.slurm) + "): " + said);
    }
  }
}

RemoteEndpoint singleEndpoint(const RemoteOptions& o, const std::string& command,
                              const std::string& hint) {
  DETBENCH_CHECK_ARG(!o.slurmBatch,
                     command + " runs as it is watched: --slurm-batch goes with run and sweep");
  std::vector<RemoteEndpoint> endpoints = remoteEndpoints(o);
  DETBENCH_CHECK_ARG(endpoints.size() == 1,
                     command + (o.slurm ? " takes one --gpu-type" : " takes one --host") + hint);
  return std::move(endpoints.front());
}

std::string slurmJobWords(const Environment& context) {
  std::string job, node, gpus;
  for (const auto& [key, value] : context.slurm) {
    if (key == "job_id") job = value;
    if (key == "node") node = value;
    if (key == "gpus") gpus = value;
  }
  if (job.empty()) return {};
  std::string words = ", job " + remote::printable(job);
  if (!node.empty()) words += " on " + remote::printable(node);
  if (!gpus.empty()) words += ", GPUs " + remote::printable(gpus);
  return words;
}

std::unique_ptr<remote::RemoteClient> connectRemote(
    const RemoteOptions& o, const RemoteEndpoint& endpoint, const CancelToken* cancel,
    const std::function<void(const std::string&)>& onState) {
  const int timeout = integerOption<int>(o.timeout, "--remote-timeout", 1, 3600);
  const int silence = integerOption<int>(o.silence, "--remote-silence", 1, 86400);
  remote::RemoteTimeouts timeouts;
  timeouts.hello = std::chrono::seconds(timeout);
  timeouts.answer = std::chrono::seconds(timeout);
  timeouts.silence = std::chrono::seconds(silence);
  std::unique_ptr<remote::ServeConnection> connection;
  if (endpoint.slurm) {
    timeouts.hello = kQueueWait;
    try {
      connection = std::make_unique<remote::SlurmConnection>(
          *endpoint.slurm, wrapFor(o, endpoint),
          [onState](const remote::SlurmJobState& state) {
            if (onState) onState(remote::describeSlurmState(state));
          },
          std::chrono::seconds(timeout));
    } catch (const NotAvailable& e) {
      DETBENCH_THROW(NotAvailable, e.message() + " (--slurm needs Slurm's srun: slurm-client)");
    }
    return std::make_unique<remote::RemoteClient>(std::move(connection), endpoint.name, timeouts,
                                                  cancel);
  }
  const remote::SshTarget target = sshTargetOf(o, *endpoint.host);
  const std::vector<std::string> argv = remote::sshCommand(target);
  try {
    connection = std::make_unique<remote::ServeConnection>(argv);
  } catch (const NotAvailable& e) {
    DETBENCH_THROW(NotAvailable,
                   e.message() + (target.ssh == "ssh" ? " (--host needs OpenSSH's client: install "
                                                        "openssh-client)"
                                                      : ""));
  }
  return std::make_unique<remote::RemoteClient>(std::move(connection), target.destination, timeouts,
                                                cancel);
}

}  // namespace detbench::cli
