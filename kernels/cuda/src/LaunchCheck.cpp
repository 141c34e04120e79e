#include "LaunchCheck.hpp"

#include <string_view>

#include "CudaCheck.hpp"

namespace detbench::cuda {

namespace {

std::string_view baseName(std::string_view path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string describeSite(const KernelSite& site) {
  return "kernel " + std::string(site.name) + " (" + std::string(baseName(site.file)) + ":" +
         std::to_string(site.line) + ")";
}

void throwLaunchFailure(const KernelSite& site, cudaError_t status) {
  throwCuda(status, describeSite(site).c_str(), site.file, site.line);
}

void checkLaunch(const KernelSite& site, StreamView) {
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) throwLaunchFailure(site, status);
}

}  // namespace detbench::cuda
