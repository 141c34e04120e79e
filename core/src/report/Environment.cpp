#include "detbench/report/Environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <thread>

#include <xxhash.h>
#include <nlohmann/json.hpp>

#include "detbench/base/BuildInfo.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"

namespace detbench {

namespace {

std::string readKey(const char* path, const std::string& key, char sep) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) != 0) continue;
    const auto pos = line.find(sep);
    if (pos == std::string::npos) continue;
    std::string value = line.substr(pos + 1);
    while (!value.empty() &&
           (value.front() == ' ' || value.front() == '\t' || value.front() == '"'))
      value.erase(value.begin());
    while (!value.empty() && (value.back() == '"' || value.back() == ' ')) value.pop_back();
    return value;
  }
  return {};
}

}  // namespace

std::string torchReleaseMismatch(const Environment& env) {
  std::string library;
  for (const auto& d : env.devices) {
    if (d.id != "torch-cpu") continue;
    for (const auto& [k, v] : d.info) {
      if (k == "pytorch") library = v;
    }
  }
  const auto lib = parsePyTorchRelease(library);
  const auto user = parsePyTorchRelease(env.pytorchVersion);
  if (!lib || !user || *lib == *user) return {};
  return "the torch devices run libtorch " + library + ", the Python the trace and the catalog " +
         "follow has PyTorch " + env.pytorchVersion + ": rebuild the torch devices against it " +
         "with scripts/build -DDETBENCH_TORCH_PYTHON=" +
         (env.python.empty() ? std::string("python3") : env.python.substr(0, env.python.find(' ')));
}

std::string localHostName() {
  char host[256] = {};
  return gethostname(host, sizeof host - 1) == 0 ? std::string(host) : std::string();
}

std::vector<std::pair<std::string, std::string>> slurmJobFacts(
    const std::function<const char*(const char*)>& environment) {
  std::vector<std::pair<std::string, std::string>> facts;
  const char* job = environment("SLURM_JOB_ID");
  if (job == nullptr || *job == '\0') return facts;
  static const std::pair<const char*, const char*> kFacts[] = {
      {"job_id", "SLURM_JOB_ID"},        {"step_id", "SLURM_STEP_ID"},
      {"cluster", "SLURM_CLUSTER_NAME"}, {"partition", "SLURM_JOB_PARTITION"},
      {"node", "SLURMD_NODENAME"},       {"gpus", "SLURM_STEP_GPUS"},
      {"job_gpus", "SLURM_JOB_GPUS"},    {"cuda_visible_devices", "CUDA_VISIBLE_DEVICES"},
  };
  for (const auto& [key, name] : kFacts) {
    const char* value = environment(name);
    if (value != nullptr && *value != '\0') facts.emplace_back(key, value);
  }
  return facts;
}

Environment collectEnvironment(const BackendRegistry& registry) {
  Environment env;
  env.toolVersion = kToolVersion;
  env.gitRevision = kGitRevision;
  env.buildType = kBuildType;
  env.compiler = kCompiler;
  env.host = localHostName();
  utsname u{};
  std::string pretty = readKey("/etc/os-release", "PRETTY_NAME", '=');
  if (uname(&u) == 0) {
    env.os = (pretty.empty() ? std::string(u.sysname) : pretty) + " (" + u.sysname + " " +
             u.release + ", " + u.machine + ")";
  }
  env.cpu = readKey("/proc/cpuinfo", "model name", ':');
  env.logicalCores = static_cast<int>(std::thread::hardware_concurrency());
  if (const char* cfg = std::getenv("CUBLAS_WORKSPACE_CONFIG")) env.cublasWorkspaceConfigEnv = cfg;
  env.pytorchFound = defaultPyTorchRelease().how;
  env.pytorchVersion = defaultPyTorchRelease().foundVersion.value_or("");
  const UserPython& user = userPython();
  env.python = user.interpreter.empty() ? user.how : user.interpreter + " (" + user.how + ")";
  env.libraries = {
      {"xxhash", std::to_string(XXH_VERSION_MAJOR) + "." + std::to_string(XXH_VERSION_MINOR) + "." +
                     std::to_string(XXH_VERSION_RELEASE)},
      {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                            std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                            std::to_string(NLOHMANN_JSON_VERSION_PATCH)},
  };
  // A device of an on-demand module that this process never loaded (cuda or the torch devices
  // in a run on another device) is left out: the report lists what was looked at.
  for (const auto& d : registry.devices()) {
    if (!d.loaded) continue;
    DeviceSummary s{d.id, d.availability.available, d.availability.reason, {}};
    if (d.backend) {  // also when unavailable: the runtime version says which CUDA was probed
      for (const auto& [k, v] : d.backend->deviceInfo()) s.info.emplace_back(k, v);
    }
    env.devices.push_back(std::move(s));
  }
  env.slurm = slurmJobFacts([](const char* name) { return std::getenv(name); });
  return env;
}

}  // namespace detbench
