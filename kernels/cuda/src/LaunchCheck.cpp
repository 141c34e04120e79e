#include "LaunchCheck.hpp"

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "CudaCheck.hpp"

namespace detbench::cuda {

namespace {

std::string_view baseName(std::string_view path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::optional<bool> parseSyncLaunches(const char* value) {
  if (value == nullptr || std::strcmp(value, "") == 0 || std::strcmp(value, "0") == 0) {
    return false;
  }
  if (std::strcmp(value, "1") == 0) return true;
  return std::nullopt;
}

std::string syncLaunchesProblem() {
  const char* value = std::getenv(kSyncLaunchesVariable);
  if (parseSyncLaunches(value)) return {};
  return std::string(kSyncLaunchesVariable) + "='" + value +
         "' is not 1 (wait for every kernel launch) or 0";
}

bool syncLaunches() {
  static const bool on = parseSyncLaunches(std::getenv(kSyncLaunchesVariable)).value_or(false);
  return on;
}

std::string syncLaunchesAdvice() {
  return "a running kernel's error shows at a later call: run again with " +
         std::string(kSyncLaunchesVariable) +
         "=1 to wait for every launch and name the kernel that raised it";
}

std::string describeSite(const KernelSite& site) {
  return "kernel " + std::string(site.name) + " (" + std::string(baseName(site.file)) + ":" +
         std::to_string(site.line) + ")";
}

std::string describeFailure(const KernelSite& site, LaunchStage stage) {
  switch (stage) {
    case LaunchStage::Launch:
      break;
    case LaunchStage::BeforeLaunch:
      return "the work queued before " + describeSite(site) +
             " (a copy or a library call: every kernel before it was waited for)";
    case LaunchStage::Running:
      return describeSite(site) + ", waited for after its launch";
  }
  return describeSite(site);
}

void throwLaunchFailure(const KernelSite& site, cudaError_t status, LaunchStage stage) {
  throwCuda(status, describeFailure(site, stage).c_str(), site.file, site.line);
}

void checkBeforeLaunch(const KernelSite& site, StreamView stream) {
  const cudaError_t status = cudaStreamSynchronize(stream);
  if (status != cudaSuccess) throwLaunchFailure(site, status, LaunchStage::BeforeLaunch);
}

void checkLaunch(const KernelSite& site, StreamView stream) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) throwLaunchFailure(site, status, LaunchStage::Launch);
  if (!syncLaunches()) return;
  const cudaError_t ran = cudaStreamSynchronize(stream);
  if (ran != cudaSuccess) throwLaunchFailure(site, ran, LaunchStage::Running);
}

}  // namespace detbench::cuda
