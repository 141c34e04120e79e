// `detbench jobs DIR`: the batch jobs `--slurm-batch DIR` submitted, with the scheduler's
// state, their reports collected, or cancelled (core/remote/SlurmJobs.hpp); with --json, all of
// it as one JSON document (core/remote/SlurmJobsJson.hpp).

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "SlurmThroughHost.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/SlurmJobs.hpp"
#include "detbench/remote/SlurmJobsJson.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/ReportCompare.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench::cli {

namespace {

using Json = nlohmann::ordered_json;

bool chosen(const JobsOptions& o, const remote::BatchJobStatus& job) {
  return o.job.empty() || o.job == job.id;
}

// The words of one batch's listing (the text form).
void printBatch(const CliStreams& io, const remote::BatchStatus& batch) {
  io.out << "Batch " << batch.name << " (" << batch.kind << " of " << batch.op << " on "
         << batch.device << ")\n";
}

void printJob(const CliStreams& io, const remote::BatchJobStatus& job) {
  io.out << "  " << job.name << ": job " << job.id << " (" << job.label << ")\n";
  for (const remote::BatchTaskStatus& t : job.tasks) {
    io.out << "    [" << t.index << "] " << (t.name.empty() ? "" : t.name + ": ") << t.words
           << (t.finished && !t.complete && !t.why.empty() ? " - " + t.why : "") << "\n";
  }
}

}  // namespace

int jobsCommand(const CliStreams& io, const JobsOptions& o) {
  if (!o.remote.hosts.empty()) return jobsThroughHost(io, o);
  int code = kExitOk;
  Json cancelled = Json::array(), collectedJobs = Json::array();
  bool cancelledAny = false;
  std::vector<remote::BatchStatus> batches = remote::listBatches(o.dir);
  for (const remote::BatchStatus& batch : batches) {
    if (!batch.unreadable.empty()) {
      io.err << "detbench: " << batch.unreadable << "\n";
      code = std::max(code, int{kExitUsage});
      continue;
    }
    if (!o.json) printBatch(io, batch);
    std::vector<ComparedEntry> entries;
    for (const remote::BatchJobStatus& job : batch.jobs) {
      if (!o.json) printJob(io, job);
      const Json which = {{"batch", batch.name}, {"job", job.name}, {"id", job.id}};
      if (o.cancel && job.live() && chosen(o, job)) {
        const remote::CommandResult r = remote::cancelBatchJob(job);
        cancelledAny = true;
        Json entry = which;
        entry["ok"] = r.exitCode == 0;
        entry["error"] = r.exitCode == 0 ? std::string() : r.errors;
        cancelled.push_back(std::move(entry));
        if (!o.json) {
          io.out << (r.exitCode == 0 ? "    cancelled\n" : "    scancel failed: " + r.errors);
        }
        if (r.exitCode != 0) code = std::max(code, int{kExitDeviceFault});
      }
      if (!o.collect || !chosen(o, job)) continue;
      Json entry = which;
      if (!job.finished()) {
        if (!o.json) io.out << "    not collected: tasks are still queued or running\n";
        entry["collected"] = "live";
        collectedJobs.push_back(std::move(entry));
        continue;
      }
      remote::CollectedJob collected = remote::collectBatchJob(batch, job);
      for (const std::string& e : collected.taskErrors) {
        io.err << "detbench: " << job.name << " " << e << "\n";
      }
      entry["errors"] = collected.taskErrors;
      if (collected.report.runs.empty()) {
        if (!o.json) io.out << "    nothing to collect\n";
        entry["collected"] = "nothing";
        collectedJobs.push_back(std::move(entry));
        code = std::max(code, int{kExitDeviceFault});
        continue;
      }
      if (collected.cut) code = std::max(code, int{kExitDeviceFault});
      ReportDocument& doc = collected.report;
      doc.viewer = ReportViewer{localHostName(), kToolVersion, job.label + ", batch job " + job.id};
      std::filesystem::create_directories("reports");
      const std::string path = "reports/" + remote::collectedReportName(batch, job);
      const Json report = reportToJson(doc);
      writeFileAtomically(path, report.dump(2) + "\n");
      if (!o.json) {
        io.out << "    report: " << path
               << (collected.cut ? " (some tasks ended before their report)" : "") << "\n";
      }
      entry["collected"] = "written";
      entry["file"] = path;
      entry["cut"] = collected.cut;
      entry["report"] = report;
      collectedJobs.push_back(std::move(entry));
      const auto found = comparedEntries(path, doc);
      entries.insert(entries.end(), found.begin(), found.end());
    }
    if (entries.size() >= 2 && !o.json) {
      io.out << "Across the GPU types:\n";
      printCompare(io.out, compareEntries(entries));
    }
  }
  if (o.json) {
    // After a cancel the listing is asked again, so that it shows what scancel did.
    if (cancelledAny) batches = remote::listBatches(o.dir);
    io.out << Json{{"batches", remote::batchesToJson(batches)},
                   {"cancelled", std::move(cancelled)},
                   {"collected", std::move(collectedJobs)}}
                  .dump()
           << "\n";
  }
  return code;
}

}  // namespace detbench::cli
