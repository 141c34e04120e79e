#include "detbench/remote/SlurmJobs.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/remote/RecordedConnection.hpp"
#include "detbench/remote/RemoteClient.hpp"
#include "detbench/remote/SlurmBatch.hpp"
#include "detbench/remote/SlurmTarget.hpp"

namespace detbench::remote {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// A task's file through the project's reader (bounded, its errors naming the file); "" for a
// file the task has not written (yet).
std::string readIfThere(const fs::path& path) {
  return fs::exists(path) ? readFile(path.string()) : std::string();
}

std::string taskFile(int index, const char* suffix) {
  return "task-" + std::to_string(index) + suffix;
}

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

BatchTaskStatus taskStatus(const fs::path& folder, int index,
                           const std::optional<SlurmJobState>& known) {
  BatchTaskStatus t;
  t.index = index;
  const fs::path out = folder / taskFile(index, ".out");
  t.answered = fs::exists(out);
  t.complete = t.answered && batchOutputComplete(readFile(out.string()));
  t.why = slurmEndLine(folder / taskFile(index, ".log"));
  if (known) {
    t.slurm = known;
    t.finished = !slurmStateIsLive(known->state);
    const std::string words = describeSlurmState(*known);
    t.words = words.substr(words.find(' ', 4) + 1);  // without "job ID "
    if (t.why.empty() && t.finished && !t.complete) t.why = "Slurm: job " + words.substr(4);
    return t;
  }
  t.finished = true;
  t.words = t.complete   ? "completed"
            : t.answered ? "ended without its report"
                         : "gone (no answers)";
  return t;
}

// squeue's state of each task of the array Slurm still knows.
std::map<int, SlurmJobState> arrayStates(const std::string& jobId) {
  std::map<int, SlurmJobState> states;
  const CommandResult r = runShortCommand(squeueArrayCommand(jobId), std::chrono::seconds(60));
  if (r.exitCode != 0) return states;
  std::istringstream lines(r.output);
  std::string line;
  while (std::getline(lines, line)) {
    const auto s = parseSqueueLine(line);
    if (!s) continue;
    if (const auto index = arrayTaskIndex(s->id)) states[*index] = *s;
  }
  return states;
}

BatchJobStatus jobStatus(const fs::path& batchDir, const json& job) {
  BatchJobStatus j;
  j.name = job.value("name", std::string());
  j.id = job.value("job_id", std::string());
  j.label = job.value("label", std::string());
  if (const auto it = job.find("target"); it != job.end()) j.target = batchTargetFromJson(*it);
  j.folder = (batchDir / job.value("folder", j.name)).string();
  j.manifest = job;
  const auto states = arrayStates(j.id);
  for (const json& task : job.value("tasks", json::array())) {
    const int index = task.value("index", 0);
    const auto known =
        states.count(index) != 0 ? std::optional<SlurmJobState>(states.at(index)) : std::nullopt;
    j.tasks.push_back(taskStatus(j.folder, index, known));
    j.tasks.back().name = task.value("name", std::string());
  }
  return j;
}

// A task's report, read from its answers as a live connection's are.
ReportDocument taskReport(const BatchJobStatus& job, const BatchTaskStatus& task) {
  const fs::path folder(job.folder);
  const fs::path input = folder / taskFile(task.index, ".in");
  std::istringstream in(readFile(input.string()));
  std::string line;
  json message;
  while (std::getline(in, line)) {
    const json m = json::parse(line, nullptr, false);
    if (m.is_object() && m.value("id", json()) == json(2)) message = m;
  }
  DETBENCH_CHECK_ARG(message.is_object(),
                     input.string() + " holds no run: not a detbench batch task");
  const RunRequest request = requestFromJson(message.at("request"));
  const std::string where = "job " + job.id + "_" + std::to_string(task.index);
  auto connection = std::make_unique<RecordedConnection>(
      where, readFile((folder / taskFile(task.index, ".out")).string()), task.why);
  RemoteClient client(std::move(connection), where);
  if (message.value("type", std::string()) == "sweep") {
    return client.sweep(request, configsFromJson(message.at("configs")));
  }
  return client.run(request);
}

}  // namespace

BatchTarget batchTargetOf(const SlurmTarget& target, const std::string& viaHost) {
  return BatchTarget{target.gpuType, target.partition, target.constraint, viaHost};
}

json batchTargetToJson(const BatchTarget& t) {
  return json{{"gpu_type", t.gpuType},
              {"partition", t.partition},
              {"constraint", t.constraint},
              {"via_host", t.viaHost}};
}

std::optional<BatchTarget> batchTargetFromJson(const json& j) {
  if (!j.is_object()) return std::nullopt;
  BatchTarget t;
  for (const auto& [name, field] : {std::pair{"gpu_type", &t.gpuType},
                                    {"partition", &t.partition},
                                    {"constraint", &t.constraint},
                                    {"via_host", &t.viaHost}}) {
    const auto it = j.find(name);
    if (it == j.end()) continue;
    if (!it->is_string()) return std::nullopt;
    *field = it->get<std::string>();
  }
  return t;
}

bool BatchJobStatus::finished() const {
  return std::all_of(tasks.begin(), tasks.end(), [](const auto& t) { return t.finished; });
}

bool BatchJobStatus::live() const {
  return !finished();
}

std::vector<BatchStatus> listBatches(const std::string& dirName) {
  const fs::path dir(dirName);
  DETBENCH_CHECK_ARG(fs::is_directory(dir), dirName + " is not a folder (the --slurm-batch DIR)");
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (fs::exists(entry.path() / "batch.json")) folders.push_back(entry.path());
  }
  std::sort(folders.begin(), folders.end());
  DETBENCH_CHECK_ARG(!folders.empty(), dirName + " holds no batch of detbench's");
  std::vector<BatchStatus> batches;
  for (const fs::path& batchDir : folders) {
    BatchStatus b;
    b.folder = batchDir.string();
    b.name = batchDir.filename().string();
    const json manifest = json::parse(readIfThere(batchDir / "batch.json"), nullptr, false);
    if (!manifest.is_object() || !manifest.contains("jobs")) {
      b.unreadable = (batchDir / "batch.json").string() + " cannot be read";
      batches.push_back(std::move(b));
      continue;
    }
    b.name = manifest.value("batch", b.name);
    b.kind = manifest.value("kind", std::string("run"));
    b.op = manifest.value("op", std::string("?"));
    b.device = manifest.value("device", std::string("?"));
    for (const json& job : manifest["jobs"]) b.jobs.push_back(jobStatus(batchDir, job));
    batches.push_back(std::move(b));
  }
  return batches;
}

CollectedJob collectBatchJob(const BatchStatus& batch, const BatchJobStatus& job) {
  CollectedJob c;
  c.report.kind = batch.kind == "sweep" ? ReportKind::Sweep : ReportKind::Run;
  for (const BatchTaskStatus& task : job.tasks) {
    if (!fs::exists(fs::path(job.folder) / taskFile(task.index, ".out"))) {
      c.cut = true;
      continue;
    }
    try {
      ReportDocument part = taskReport(job, task);
      if (c.report.runs.empty()) c.report.context = part.context;
      for (auto& run : part.runs) {
        c.cut = c.cut || run.cancelled;
        c.report.runs.push_back(std::move(run));
      }
    } catch (const Error& e) {
      c.taskErrors.push_back("task " + std::to_string(task.index) + ": " + e.message());
      c.cut = true;
    }
  }
  return c;
}

std::string collectedReportName(const BatchStatus& batch, const BatchJobStatus& job) {
  return batch.kind + "-" + fs::path(batch.folder).filename().string() + "-" + job.name + ".json";
}

CommandResult cancelBatchJob(const BatchJobStatus& job) {
  return runShortCommand({"scancel", job.id}, std::chrono::seconds(60));
}

}  // namespace detbench::remote
