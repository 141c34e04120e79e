#pragma once
// The provenance block of a report: tool, build, host, CPU and devices.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "detbench/backend/BackendRegistry.hpp"

namespace detbench {

struct DeviceSummary {
  std::string id;
  bool available;
  std::string reason;
  std::vector<std::pair<std::string, std::string>> info;
};

struct Environment {
  std::string toolVersion;
  std::string gitRevision;
  std::string buildType;
  std::string compiler;
  std::string host;
  std::string os;
  std::string cpu;
  int logicalCores = 0;
  std::string cublasWorkspaceConfigEnv;  // the process's CUBLAS_WORKSPACE_CONFIG, "" if unset
  // The PyTorch installed on this machine and the release the catalog follows by default, in a
  // sentence (PyTorchDetection.hpp); "" in reports written before it was recorded.
  std::string pytorchFound;
  // The user's Python (PyTorchDetection.hpp's rule) and how it was chosen; "" where not recorded.
  std::string python;
  std::string pytorchVersion;  // the version that Python's PyTorch reports, "" where none
  std::vector<std::pair<std::string, std::string>> libraries;  // name, version
  std::vector<DeviceSummary> devices;
  // Where the process ran as a Slurm job: the scheduler's own facts (job id, partition, node,
  // the GPUs it was given), from its SLURM_* variables; empty elsewhere.
  std::vector<std::pair<std::string, std::string>> slurm;
};

Environment collectEnvironment(const BackendRegistry& registry);
// Where the torch devices run another PyTorch release than the user's Python has (so the trace
// and the catalog follow one release, the torch devices another): a sentence that says so and
// how to rebuild them; "" where they agree or either is unknown.
std::string torchReleaseMismatch(const Environment& env);
// The Slurm job this process runs in, from `environment` (getenv's view: NAME -> value or
// null): job id, partition, node list, the step's GPUs and CUDA_VISIBLE_DEVICES; empty outside
// a job.
std::vector<std::pair<std::string, std::string>> slurmJobFacts(
    const std::function<const char*(const char*)>& environment);
// This machine's host name (what collectEnvironment records), without the rest.
std::string localHostName();

}  // namespace detbench
