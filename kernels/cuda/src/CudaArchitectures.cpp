#include "CudaArchitectures.hpp"

#include <cctype>
#include <cstddef>

// The build passes the module's list (kernels/cuda/CMakeLists.txt).
#ifndef DETBENCH_CUDA_ARCHITECTURES
#define DETBENCH_CUDA_ARCHITECTURES ""
#endif

namespace detbench::cuda {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::optional<CudaArchitecture> parseOne(std::string_view entry) {
  CudaArchitecture a;
  if (entry.ends_with("-real")) {
    a.ptx = false;
    entry.remove_suffix(5);
  } else if (entry.ends_with("-virtual")) {
    a.machineCode = false;
    entry.remove_suffix(8);
  }
  if (!entry.empty() && (entry.back() == 'a' || entry.back() == 'f')) {
    a.variant = entry.back();
    entry.remove_suffix(1);
  }
  if (entry.size() < 2 || entry.size() > 3) return std::nullopt;
  int number = 0;
  for (const char c : entry) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    number = number * 10 + (c - '0');
  }
  a.major = number / 10;
  a.minor = number % 10;
  return a;
}

std::string capability(int major, int minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string archName(const char* prefix, const CudaArchitecture& a) {
  std::string name = prefix + std::to_string(a.major) + std::to_string(a.minor);
  if (a.variant != '\0') name += a.variant;
  return name;
}

std::string versionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

bool below(const CudaArchitecture& a, int major, int minor) {
  return a.major < major || (a.major == major && a.minor <= minor);
}

// Whether `a`'s code (machine code, or PTX where `ptx`) loads on major.minor.
bool loads(const CudaArchitecture& a, bool ptx, int major, int minor) {
  if (a.variant == 'a') return a.major == major && a.minor == minor;
  if (a.variant == 'f' || !ptx) return a.major == major && a.minor <= minor;
  return below(a, major, minor);
}

}  // namespace

std::optional<std::vector<CudaArchitecture>> parseCudaArchitectures(std::string_view list) {
  std::vector<CudaArchitecture> archs;
  while (!list.empty()) {
    const std::size_t end = list.find_first_of(",;");
    const std::string_view entry = trim(list.substr(0, end));
    list = end == std::string_view::npos ? std::string_view() : list.substr(end + 1);
    if (entry.empty()) continue;
    const auto a = parseOne(entry);
    if (!a) return std::nullopt;
    archs.push_back(*a);
  }
  if (archs.empty()) return std::nullopt;
  return archs;
}

std::string describeCudaArchitectures(const std::vector<CudaArchitecture>& archs) {
  std::string code, ptx;
  for (const auto& a : archs) {
    if (a.machineCode) code += (code.empty() ? "" : ", ") + archName("sm_", a);
    if (a.ptx) ptx += (ptx.empty() ? "" : ", ") + archName("compute_", a);
  }
  if (code.empty()) code = "no machine code";
  return code + (ptx.empty() ? "; no PTX" : "; PTX " + ptx);
}

KernelImage kernelImageFor(const std::vector<CudaArchitecture>& archs, int major, int minor) {
  const CudaArchitecture* best = nullptr;
  for (const auto& a : archs) {
    if (a.machineCode && loads(a, false, major, minor) &&
        (best == nullptr || below(*best, a.major, a.minor))) {
      best = &a;
    }
  }
  if (best != nullptr) return {true, false, archName("sm_", *best)};
  for (const auto& a : archs) {
    if (a.ptx && loads(a, true, major, minor) &&
        (best == nullptr || below(*best, a.major, a.minor))) {
      best = &a;
    }
  }
  if (best != nullptr) return {true, true, archName("compute_", *best)};
  return {};
}

std::string cannotRunReason(const std::vector<CudaArchitecture>& archs, int major, int minor,
                            int driverVersion, int toolkitVersion) {
  const std::string cc = capability(major, minor);
  const std::string rebuild =
      "rebuild it on the machine with this GPU (the build detects it) or "
      "with CMAKE_CUDA_ARCHITECTURES=" +
      std::to_string(major) + std::to_string(minor);
  const KernelImage image = kernelImageFor(archs, major, minor);
  if (!image.found) {
    return "this build of the cuda module has no kernel image for compute capability " + cc +
           " (it carries " + describeCudaArchitectures(archs) + "): " + rebuild;
  }
  if (image.compiledByDriver && driverVersion < toolkitVersion) {
    return "compute capability " + cc + " runs this build of the cuda module only from its " +
           image.name + " PTX, written by CUDA " + versionText(toolkitVersion) +
           ", which the driver (CUDA " + versionText(driverVersion) +
           ") cannot compile: update the driver, or " + rebuild;
  }
  return {};
}

std::string_view builtCudaArchitectures() {
  return DETBENCH_CUDA_ARCHITECTURES;
}

}  // namespace detbench::cuda
