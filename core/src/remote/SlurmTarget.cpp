#include "detbench/remote/SlurmTarget.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

#include "detbench/base/Error.hpp"

namespace detbench::remote {

namespace {

void checkWord(const std::string& value, const std::string& option) {
  if (value.empty()) return;
  DETBENCH_CHECK_ARG(value.front() != '-',
                     option + " '" + value + "' starts with '-': give the value itself");
  for (const char c : value) {
    DETBENCH_CHECK_ARG(static_cast<unsigned char>(c) > ' ' && c != 0x7f,
                       option + " '" + value + "' holds a space or a control character");
  }
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Slurm's reason codes a person meets most, in words (squeue's man page lists them all).
constexpr SlurmReasonWords kReasonWords[] = {
    {"Resources", "waiting for a free node with what the job asks"},
    {"Priority", "jobs of higher priority are ahead of it"},
    {"PartitionDown", "the partition is down"},
    {"PartitionInactive", "the partition is inactive"},
    {"PartitionNodeLimit", "the partition does not allow this many nodes"},
    {"PartitionTimeLimit", "the time limit is over the partition's"},
    {"ReqNodeNotAvail", "the nodes it needs are not available"},
    {"NodeDown", "a node it needs is down"},
    {"BeginTime", "its start time has not come"},
    {"Dependency", "it waits for another job"},
    {"JobHeldUser", "held by its user"},
    {"JobHeldAdmin", "held by an administrator"},
    {"QOSMaxJobsPerUserLimit", "the QOS's per-user job limit is reached"},
    {"AssocGrpGRES", "the account's GPU limit is reached"},
};

std::string reasonWords(const std::string& reason) {
  for (const auto& [code, words] : kReasonWords) {
    if (reason == code) return reason + ": " + std::string(words);
  }
  return reason;
}

}  // namespace

void checkSlurmTarget(const SlurmTarget& t) {
  checkWord(t.partition, "--partition");
  checkWord(t.gpuType, "--gpu-type");
  DETBENCH_CHECK_ARG(
      t.gpuType.find_first_of(":,") == std::string::npos,
      "--gpu-type '" + t.gpuType + "' is a GPU type alone (a100, h100): no ':' or ','");
  checkWord(t.constraint, "--constraint");
  checkWord(t.timeLimit, "--time");
  checkWord(t.account, "--account");
  checkWord(t.qos, "--qos");
  for (const auto& o : t.srunOptions) {
    DETBENCH_CHECK_ARG(
        o.size() >= 2 && o.front() == '-',
        "--srun-option '" + o + "' is not an srun option (write --srun-option=--NAME=VALUE)");
    DETBENCH_CHECK_ARG(o.find_first_of("\n\r") == std::string::npos,
                       "--srun-option holds a line break");
  }
  checkWord(t.jobName, "the job name");
  DETBENCH_CHECK_ARG(!t.jobName.empty(), "a Slurm job needs a name");
  DETBENCH_CHECK_ARG(
      !t.remoteDetbench.empty() && t.remoteDetbench.find_first_of("\n\r") == std::string::npos,
      "the remote detbench must be a program path on one line");
}

std::vector<std::string> srunOptions(const SlurmTarget& t) {
  checkSlurmTarget(t);
  std::vector<std::string> argv{"--job-name=" + t.jobName, "--nodes=1", "--ntasks=1"};
  if (!t.partition.empty()) argv.push_back("--partition=" + t.partition);
  if (!t.gpuType.empty()) argv.push_back("--gres=gpu:" + t.gpuType + ":1");
  if (!t.constraint.empty()) argv.push_back("--constraint=" + t.constraint);
  if (!t.timeLimit.empty()) argv.push_back("--time=" + t.timeLimit);
  if (!t.account.empty()) argv.push_back("--account=" + t.account);
  if (!t.qos.empty()) argv.push_back("--qos=" + t.qos);
  argv.insert(argv.end(), t.srunOptions.begin(), t.srunOptions.end());
  return argv;
}

std::vector<std::string> srunServeCommand(const SlurmTarget& t) {
  std::vector<std::string> argv{t.srun};
  const auto options = srunOptions(t);
  argv.insert(argv.end(), options.begin(), options.end());
  // Each line the server writes reaches this end at once, not when a buffer fills.
  argv.insert(argv.end(), {"--unbuffered", "--", t.remoteDetbench, "serve", "--stdio"});
  return argv;
}

std::vector<std::string> srunTestCommand(const SlurmTarget& t) {
  std::vector<std::string> argv{t.srun, "--test-only"};
  const auto options = srunOptions(t);
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"--", "true"});
  return argv;
}

std::vector<std::string> squeueCommand(const std::string& jobName) {
  return {"squeue", "--noheader", "--states=all", "--name=" + jobName, "--format=%i|%T|%r"};
}

std::vector<std::string> scancelCommand(const std::string& jobName) {
  return {"scancel", "--name=" + jobName};
}

bool slurmJobHasGpu(const SlurmTarget& t) {
  if (!t.gpuType.empty()) return true;
  return std::any_of(t.srunOptions.begin(), t.srunOptions.end(), [](const std::string& o) {
    const std::string l = lower(o);
    return l.find("gres=gpu") != std::string::npos || l.rfind("--gpus", 0) == 0 ||
           o.rfind("-G", 0) == 0;
  });
}

std::optional<SlurmJobState> parseSqueueLine(const std::string& output) {
  const std::string line = output.substr(0, output.find('\n'));
  const auto a = line.find('|');
  if (a == std::string::npos) return std::nullopt;
  const auto b = line.find('|', a + 1);
  if (b == std::string::npos) return std::nullopt;
  SlurmJobState s;
  s.id = line.substr(0, a);
  s.state = line.substr(a + 1, b - a - 1);
  s.reason = line.substr(b + 1);
  while (!s.reason.empty() && (s.reason.back() == '\r' || s.reason.back() == ' '))
    s.reason.pop_back();
  if (s.id.empty() || s.state.empty()) return std::nullopt;
  return s;
}

bool slurmReasonNeverPasses(const std::string& reason) {
  static const char* const kNever[] = {
      "PartitionTimeLimit",
      "PartitionNodeLimit",
      "BadConstraints",
      "InvalidAccount",
      "InvalidQOS",
      "AssocMaxWallDurationPerJobLimit",
      "QOSMaxWallDurationPerJobLimit",
      "AssocMaxNodesPerJobLimit",
      "QOSMaxNodePerJobLimit",
  };
  return std::any_of(std::begin(kNever), std::end(kNever),
                     [&reason](const char* r) { return reason == r; });
}

std::span<const SlurmReasonWords> slurmReasonWords() {
  return kReasonWords;
}

bool slurmStateIsLive(const std::string& state) {
  static const char* const kLive[] = {"PENDING",   "RUNNING",      "CONFIGURING", "COMPLETING",
                                      "SUSPENDED", "REQUEUED",     "RESIZING",    "SIGNALING",
                                      "STAGE_OUT", "REQUEUE_HOLD", "REQUEUE_FED"};
  return std::any_of(std::begin(kLive), std::end(kLive), [&](const char* s) { return state == s; });
}

bool slurmStateIsEnding(const std::string& state) {
  static const char* const kEnding[] = {"RUNNING", "CONFIGURING", "COMPLETING", "SIGNALING",
                                        "STAGE_OUT"};
  return std::any_of(std::begin(kEnding), std::end(kEnding),
                     [&](const char* s) { return state == s; });
}

std::string describeSlurmState(const SlurmJobState& s) {
  std::string state = lower(s.state);
  std::replace(state.begin(), state.end(), '_', ' ');  // NODE_FAIL: "node fail"
  std::string text = "job " + s.id + " " + state;
  if (!s.reason.empty() && s.reason != "None") text += " (" + reasonWords(s.reason) + ")";
  return text;
}

std::string slurmTargetLabel(const SlurmTarget& t) {
  std::string label = t.gpuType.empty() ? std::string("no GPU type") : "gpu:" + t.gpuType;
  label += ", partition " + (t.partition.empty() ? std::string("default") : t.partition);
  if (!t.constraint.empty()) label += ", constraint " + t.constraint;
  return label;
}

}  // namespace detbench::remote
