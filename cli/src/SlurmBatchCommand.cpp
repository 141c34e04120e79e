// `run|sweep --slurm --slurm-batch DIR`: the request as Slurm batch jobs (core/remote/
// SlurmBatch.hpp says what each task runs and the files of a submission).

#include <unistd.h>

#include <filesystem>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "OutputOptions.hpp"
#include "RemoteOptions.hpp"
#include "SlurmThroughHost.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/remote/ShortCommand.hpp"
#include "detbench/remote/SlurmBatch.hpp"
#include "detbench/remote/SlurmJobs.hpp"

namespace detbench::cli {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

int submitBatch(const CliStreams& io, const RunOptions& o, const RunRequest& request,
                const std::vector<SweepConfig>& configs) {
  // Through a login node: the detbench there submits (DIR is its folder).
  if (!o.remote.hosts.empty()) return batchThroughHost(io, o, configs.empty() ? "run" : "sweep");
  DETBENCH_CHECK_ARG(!o.out && !o.markdown && !o.saveIo,
                     "--slurm-batch returns before the jobs run: `detbench jobs DIR --collect` "
                     "writes their reports (--out, --markdown and --save-io do not apply)");
  const std::vector<RemoteEndpoint> endpoints = remoteEndpoints(o.remote);
  checkRemoteEndpoints(o.remote, endpoints, request.device);
  std::error_code ec;
  const fs::path dir = fs::absolute(*o.remote.slurmBatch, ec);
  DETBENCH_CHECK_ARG(!ec, "--slurm-batch " + *o.remote.slurmBatch + ": " + ec.message());
  const std::string batch = reportTimestamp() + "-" + o.op + "-" + std::to_string(::getpid());
  const fs::path batchDir = dir / batch;
  fs::create_directories(batchDir, ec);
  DETBENCH_CHECK_ARG(!ec, "cannot make " + batchDir.string() + ": " + ec.message());

  // One task per configuration (a sweep of one), or the run itself.
  std::vector<std::pair<std::string, json>> tasks;
  if (configs.empty()) {
    tasks.emplace_back(o.op, json{{"type", "run"}, {"request", remote::requestToJson(request)}});
  } else {
    for (const SweepConfig& c : configs) {
      tasks.emplace_back(c.name, json{{"type", "sweep"},
                                      {"request", remote::requestToJson(request)},
                                      {"configs", remote::configsToJson({c})}});
    }
  }
  json manifest{{"batch", batch},
                {"kind", configs.empty() ? "run" : "sweep"},
                {"op", o.op},
                {"device", request.device},
                {"jobs", json::array()}};
  const std::string detbench = o.remote.remoteDetbench;
  for (const RemoteEndpoint& e : endpoints) {
    const fs::path folder = batchDir / e.name;
    fs::create_directories(folder, ec);
    DETBENCH_CHECK_ARG(!ec, "cannot make " + folder.string() + ": " + ec.message());
    json taskList = json::array();
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      writeFileAtomically((folder / ("task-" + std::to_string(i) + ".in")).string(),
                          remote::batchTaskInput(tasks[i].second));
      taskList.push_back(json{{"index", i}, {"name", tasks[i].first}});
    }
    const std::string script = (folder / "job.sh").string();
    writeFileAtomically(script, remote::batchJobScript(detbench, folder.string()));
    fs::permissions(script, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec,
                    ec);
    const remote::CommandResult r = remote::runShortCommand(
        remote::sbatchCommand(*e.slurm, "detbench-batch-" + batch, static_cast<int>(tasks.size()),
                              folder.string()),
        std::chrono::seconds(60));
    const auto id = r.exitCode == 0 ? remote::parseSbatchId(r.output) : std::nullopt;
    if (!id) {
      // What was submitted before stays listed: `detbench jobs` shows (and cancels) it.
      if (!manifest["jobs"].empty()) {
        writeFileAtomically((batchDir / "batch.json").string(), manifest.dump(2) + "\n");
      }
      DETBENCH_THROW(InvalidArgument, "sbatch refused the " + e.name +
                                          " job: " + (r.errors.empty() ? r.output : r.errors));
    }
    manifest["jobs"].push_back(json{
        {"name", e.name},
        {"label", e.label},
        {"target", remote::batchTargetToJson(remote::batchTargetOf(*e.slurm, e.host.value_or("")))},
        {"job_id", *id},
        {"folder", e.name},
        {"tasks", taskList}});
    io.out << "Submitted " << e.name << ": job " << *id << " (" << tasks.size()
           << (tasks.size() == 1 ? " task" : " tasks") << ", " << e.label << ")\n";
  }
  writeFileAtomically((batchDir / "batch.json").string(), manifest.dump(2) + "\n");
  io.out << "Batch " << batch << " in " << dir.string() << "\n"
         << "Follow it: detbench jobs " << dir.string() << "  (--collect for the reports)\n";
  return kExitOk;
}

}  // namespace detbench::cli
