// `detbench jobs DIR`: the batch jobs `--slurm-batch DIR` submitted, with the scheduler's
// state, their reports collected, or cancelled (core/remote/SlurmBatch.hpp).

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "SlurmThroughHost.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/remote/RecordedConnection.hpp"
#include "detbench/remote/RemoteClient.hpp"
#include "detbench/remote/ShortCommand.hpp"
#include "detbench/remote/SlurmBatch.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/ReportCompare.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench::cli {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// A task's file through the project's reader (bounded, its errors naming the file); "" for a
// file the task has not written (yet).
std::string readIfThere(const fs::path& path) {
  return fs::exists(path) ? readFile(path.string()) : std::string();
}

// A task's state: Slurm's while it knows the task, else what the task's files say.
struct TaskState {
  std::string words;      // "pending (Priority: ...)", "completed", ...
  bool finished = false;  // no longer queued or running
  bool complete = false;  // its answers hold its report
  std::string why;        // Slurm's words for an end before the report
};

// The line Slurm writes into a task's output when it ends it ("*** JOB 12 ON node1 CANCELLED
// AT ... DUE TO TIME LIMIT ***"), or "".
std::string slurmEndLine(const fs::path& log) {
  std::istringstream lines(readIfThere(log));
  std::string line, found;
  while (std::getline(lines, line)) {
    if (line.find("***") != std::string::npos) found = line;
  }
  return found;
}

TaskState taskState(const fs::path& folder, int index,
                    const std::optional<remote::SlurmJobState>& known) {
  TaskState t;
  const fs::path out = folder / ("task-" + std::to_string(index) + ".out");
  const bool hasOut = fs::exists(out);
  t.complete = hasOut && remote::batchOutputComplete(readFile(out.string()));
  t.why = slurmEndLine(folder / ("task-" + std::to_string(index) + ".log"));
  if (known) {
    static const char* const kLive[] = {"PENDING",   "RUNNING",      "CONFIGURING", "COMPLETING",
                                        "SUSPENDED", "REQUEUED",     "RESIZING",    "SIGNALING",
                                        "STAGE_OUT", "REQUEUE_HOLD", "REQUEUE_FED"};
    t.finished = std::none_of(std::begin(kLive), std::end(kLive),
                              [&](const char* s) { return known->state == s; });
    std::string words = remote::describeSlurmState(*known);
    t.words = words.substr(words.find(' ', 4) + 1);  // without "job ID "
    if (t.why.empty() && t.finished && !t.complete) t.why = "Slurm: job " + words.substr(4);
    return t;
  }
  t.finished = true;
  t.words = t.complete ? "completed" : hasOut ? "ended without its report" : "gone (no answers)";
  return t;
}

std::map<int, remote::SlurmJobState> arrayStates(const std::string& jobId) {
  std::map<int, remote::SlurmJobState> states;
  const remote::CommandResult r =
      remote::runShortCommand(remote::squeueArrayCommand(jobId), std::chrono::seconds(60));
  if (r.exitCode != 0) return states;
  std::istringstream lines(r.output);
  std::string line;
  while (std::getline(lines, line)) {
    const auto s = remote::parseSqueueLine(line);
    if (!s) continue;
    if (const auto index = remote::arrayTaskIndex(s->id)) states[*index] = *s;
  }
  return states;
}

// A task's report, read from its answers as a live connection's are.
ReportDocument taskReport(const fs::path& folder, int index, const json& job,
                          const std::string& why) {
  const std::string stem = "task-" + std::to_string(index);
  std::istringstream in(readFile((folder / (stem + ".in")).string()));
  std::string line;
  json message;
  while (std::getline(in, line)) {
    const json m = json::parse(line, nullptr, false);
    if (m.is_object() && m.value("id", json()) == json(2)) message = m;
  }
  DETBENCH_CHECK_ARG(message.is_object(), (folder / (stem + ".in")).string() +
                                              " holds no run: not a detbench batch task");
  const RunRequest request = remote::requestFromJson(message.at("request"));
  const std::string where =
      "job " + job.value("job_id", std::string()) + "_" + std::to_string(index);
  auto connection = std::make_unique<remote::RecordedConnection>(
      where, readFile((folder / (stem + ".out")).string()), why);
  remote::RemoteClient client(std::move(connection), where);
  if (message.value("type", std::string()) == "sweep") {
    return client.sweep(request, remote::configsFromJson(message.at("configs")));
  }
  return client.run(request);
}

}  // namespace

int jobsCommand(const CliStreams& io, const std::string& dirName, bool collect, bool cancel,
                const RemoteOptions& remote) {
  if (!remote.hosts.empty()) return jobsThroughHost(io, dirName, collect, cancel, remote);
  const fs::path dir(dirName);
  DETBENCH_CHECK_ARG(fs::is_directory(dir), dirName + " is not a folder (the --slurm-batch DIR)");
  std::vector<fs::path> batches;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (fs::exists(entry.path() / "batch.json")) batches.push_back(entry.path());
  }
  std::sort(batches.begin(), batches.end());
  DETBENCH_CHECK_ARG(!batches.empty(), dirName + " holds no batch of detbench's");
  int code = kExitOk;
  for (const fs::path& batchDir : batches) {
    json manifest = json::parse(readIfThere(batchDir / "batch.json"), nullptr, false);
    if (!manifest.is_object() || !manifest.contains("jobs")) {
      io.err << "detbench: " << (batchDir / "batch.json").string() << " cannot be read\n";
      code = std::max(code, int{kExitUsage});
      continue;
    }
    const std::string kind = manifest.value("kind", std::string("run"));
    io.out << "Batch " << manifest.value("batch", batchDir.filename().string()) << " (" << kind
           << " of " << manifest.value("op", std::string("?")) << " on "
           << manifest.value("device", std::string("?")) << ")\n";
    std::vector<ComparedEntry> entries;
    for (const json& job : manifest["jobs"]) {
      const std::string id = job.value("job_id", std::string());
      const std::string name = job.value("name", std::string());
      const fs::path folder = batchDir / job.value("folder", name);
      const auto states = arrayStates(id);
      io.out << "  " << name << ": job " << id << " (" << job.value("label", std::string())
             << ")\n";
      bool allFinished = true, anyLive = false;
      std::vector<TaskState> tasks;
      for (const json& task : job["tasks"]) {
        const int index = task.value("index", 0);
        const auto known = states.count(index) != 0
                               ? std::optional<remote::SlurmJobState>(states.at(index))
                               : std::nullopt;
        tasks.push_back(taskState(folder, index, known));
        const TaskState& t = tasks.back();
        allFinished = allFinished && t.finished;
        anyLive = anyLive || !t.finished;
        io.out << "    [" << index << "] " << task.value("name", std::string()) << ": " << t.words
               << (t.finished && !t.complete && !t.why.empty() ? " - " + t.why : "") << "\n";
      }
      if (cancel && anyLive) {
        const remote::CommandResult r =
            remote::runShortCommand({"scancel", id}, std::chrono::seconds(60));
        io.out << (r.exitCode == 0 ? "    cancelled\n" : "    scancel failed: " + r.errors);
        if (r.exitCode != 0) code = std::max(code, int{kExitDeviceFault});
      }
      if (!collect) continue;
      if (!allFinished) {
        io.out << "    not collected: tasks are still queued or running\n";
        continue;
      }
      ReportDocument doc;
      doc.kind = kind == "sweep" ? ReportKind::Sweep : ReportKind::Run;
      bool cut = false;
      for (std::size_t i = 0; i < tasks.size(); ++i) {
        const int index = job["tasks"][i].value("index", 0);
        if (!fs::exists(folder / ("task-" + std::to_string(index) + ".out"))) {
          cut = true;
          continue;
        }
        try {
          ReportDocument part = taskReport(folder, index, job, tasks[i].why);
          if (doc.runs.empty()) doc.context = part.context;
          for (auto& run : part.runs) {
            cut = cut || run.cancelled;
            doc.runs.push_back(std::move(run));
          }
        } catch (const Error& e) {
          io.err << "detbench: " << name << " task " << index << ": " << e.message() << "\n";
          cut = true;
        }
      }
      if (doc.runs.empty()) {
        io.out << "    nothing to collect\n";
        code = std::max(code, int{kExitDeviceFault});
        continue;
      }
      if (cut) code = std::max(code, int{kExitDeviceFault});
      doc.viewer = ReportViewer{localHostName(), kToolVersion,
                                job.value("label", std::string()) + ", batch job " + id};
      fs::create_directories("reports");
      const std::string path =
          "reports/" + kind + "-" + batchDir.filename().string() + "-" + name + ".json";
      writeFileAtomically(path, reportToJson(doc).dump(2) + "\n");
      io.out << "    report: " << path << (cut ? " (some tasks ended before their report)" : "")
             << "\n";
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
