#include "detbench/remote/SlurmBatch.hpp"

#include <charconv>

#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::remote {

namespace {
using json = nlohmann::ordered_json;
}  // namespace

std::string batchTaskInput(const json& job) {
  json message = job;
  message["id"] = 2;
  return json{{"id", 1}, {"type", "env"}}.dump() + "\n" + message.dump() + "\n" +
         json{{"type", "bye"}}.dump() + "\n";
}

std::string batchJobScript(const std::string& detbench, const std::string& folder) {
  const std::string dir = shellQuoted(folder);
  return "#!/bin/sh\n"
         "# One task of a detbench batch job: the engine reads the task's messages and writes its\n"
         "# answers, which `detbench jobs` reads back.\n"
         "task=\"${SLURM_ARRAY_TASK_ID:-0}\"\n"
         "exec " +
         shellQuoted(detbench) + " serve --stdio < " + dir + "/task-\"$task\".in > " + dir +
         "/task-\"$task\".out\n";
}

std::vector<std::string> sbatchCommand(const SlurmTarget& target, const std::string& jobName,
                                       int tasks, const std::string& folder) {
  SlurmTarget t = target;
  t.jobName = jobName;
  std::vector<std::string> argv{"sbatch", "--parsable"};
  for (const auto& o : srunOptions(t)) argv.push_back(o);
  argv.push_back("--array=0-" + std::to_string(tasks - 1));
  argv.push_back("--output=" + folder + "/task-%a.log");
  argv.push_back(folder + "/job.sh");
  return argv;
}

std::optional<std::string> parseSbatchId(const std::string& output) {
  std::string id = output.substr(0, output.find_first_of(";\n"));
  while (!id.empty() && (id.back() == '\r' || id.back() == ' ')) id.pop_back();
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return id;
}

std::vector<std::string> squeueArrayCommand(const std::string& jobId) {
  return {"squeue",  "--noheader",      "--states=all",
          "--array", "--jobs=" + jobId, "--format=%i|%T|%r"};
}

std::optional<int> arrayTaskIndex(const std::string& elementId) {
  const auto underscore = elementId.find('_');
  if (underscore == std::string::npos) return std::nullopt;
  int index = -1;
  const char* first = elementId.data() + underscore + 1;
  const char* last = elementId.data() + elementId.size();
  const auto [end, ec] = std::from_chars(first, last, index);
  if (ec != std::errc() || end != last || index < 0) return std::nullopt;
  return index;
}

bool batchOutputComplete(const std::string& outputText) {
  std::size_t start = 0;
  while (start < outputText.size()) {
    const auto end = outputText.find('\n', start);
    const std::string_view line(outputText.data() + start,
                                (end == std::string::npos ? outputText.size() : end) - start);
    start = end == std::string::npos ? outputText.size() : end + 1;
    const json m = json::parse(line, nullptr, false);
    if (m.is_object() && m.value("id", json()) == json(2)) {
      const std::string type = m.value("type", std::string());
      if (type == "report" || type == "error") return true;
    }
  }
  return false;
}

}  // namespace detbench::remote
