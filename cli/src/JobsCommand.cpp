// `detbench jobs DIR`: the batch jobs `--slurm-batch DIR` submitted, with the scheduler's
// state, their reports collected, or cancelled (core/remote/SlurmJobs.hpp).

#include <algorithm>
#include <filesystem>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "SlurmThroughHost.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/SlurmJobs.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/ReportCompare.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench::cli {

int jobsCommand(const CliStreams& io, const std::string& dirName, bool collect, bool cancel,
                const RemoteOptions& remote) {
  if (!remote.hosts.empty()) return jobsThroughHost(io, dirName, collect, cancel, remote);
  int code = kExitOk;
  for (const remote::BatchStatus& batch : remote::listBatches(dirName)) {
    if (!batch.unreadable.empty()) {
      io.err << "detbench: " << batch.unreadable << "\n";
      code = std::max(code, int{kExitUsage});
      continue;
    }
    io.out << "Batch " << batch.name << " (" << batch.kind << " of " << batch.op << " on "
           << batch.device << ")\n";
    std::vector<ComparedEntry> entries;
    for (const remote::BatchJobStatus& job : batch.jobs) {
      io.out << "  " << job.name << ": job " << job.id << " (" << job.label << ")\n";
      for (const remote::BatchTaskStatus& t : job.tasks) {
        io.out << "    [" << t.index << "] " << (t.name.empty() ? "" : t.name + ": ") << t.words
               << (t.finished && !t.complete && !t.why.empty() ? " - " + t.why : "") << "\n";
      }
      if (cancel && job.live()) {
        const remote::CommandResult r = remote::cancelBatchJob(job);
        io.out << (r.exitCode == 0 ? "    cancelled\n" : "    scancel failed: " + r.errors);
        if (r.exitCode != 0) code = std::max(code, int{kExitDeviceFault});
      }
      if (!collect) continue;
      if (!job.finished()) {
        io.out << "    not collected: tasks are still queued or running\n";
        continue;
      }
      remote::CollectedJob collected = remote::collectBatchJob(batch, job);
      for (const std::string& e : collected.taskErrors) {
        io.err << "detbench: " << job.name << " " << e << "\n";
      }
      if (collected.report.runs.empty()) {
        io.out << "    nothing to collect\n";
        code = std::max(code, int{kExitDeviceFault});
        continue;
      }
      if (collected.cut) code = std::max(code, int{kExitDeviceFault});
      ReportDocument& doc = collected.report;
      doc.viewer = ReportViewer{localHostName(), kToolVersion, job.label + ", batch job " + job.id};
      std::filesystem::create_directories("reports");
      const std::string path = "reports/" + remote::collectedReportName(batch, job);
      writeFileAtomically(path, reportToJson(doc).dump(2) + "\n");
      io.out << "    report: " << path
             << (collected.cut ? " (some tasks ended before their report)" : "") << "\n";
      const auto found = comparedEntries(path, doc);
      entries.insert(entries.end(), found.begin(), found.end());
    }
    if (entries.size() >= 2) {
      io.out << "Across the GPU types:\n";
      printCompare(io.out, compareEntries(entries));
    }
  }
  return code;
}

}  // namespace detbench::cli
