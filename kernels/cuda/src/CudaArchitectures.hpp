#pragma once
// Which GPUs this build of the module can run: the architectures it carries (CMake's
// CMAKE_CUDA_ARCHITECTURES, cmake/DetbenchCudaArchitectures.cmake) and the rule the driver
// applies when it loads a kernel, so that a device without a kernel image is reported
// unavailable with the reason before any run, instead of failing at its first launch.
// Host code only: the tests check the rule without a GPU.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace detbench::cuda {

// One entry of CMake's notation: "86" (machine code and PTX), "80-real" (machine code only),
// "90-virtual" (PTX only), "90a-real" (code for that architecture alone).
struct CudaArchitecture {
  int major = 0;
  int minor = 0;
  char variant = '\0';  // 'a': architecture-specific, 'f': family-specific, or none
  bool machineCode = true;
  bool ptx = true;
};

// Entries separated by ',' or ';'. nullopt where one is not an architecture (CMake's "all",
// "native" or "OFF" spelled out by the build are lists of entries; anything else is unknown).
std::optional<std::vector<CudaArchitecture>> parseCudaArchitectures(std::string_view list);

// "sm_80, sm_86, sm_89, sm_90; PTX compute_90".
std::string describeCudaArchitectures(const std::vector<CudaArchitecture>& archs);

// What the driver loads for a device of compute capability major.minor: machine code built for
// the same major version and a minor version no higher ("a" builds: that capability alone; "f"
// builds: that major version), else PTX for a capability no higher than the device's (the driver
// compiles it when the kernel is first loaded; "a" and "f" PTX as their machine code).
struct KernelImage {
  bool found = false;
  bool compiledByDriver = false;  // PTX
  std::string name;               // "sm_86" or "compute_90"
};
KernelImage kernelImageFor(const std::vector<CudaArchitecture>& archs, int major, int minor);

// Why this build cannot run a device (empty where it can): no kernel image for its compute
// capability, or only PTX newer than the driver can compile (a CUDA toolkit newer than the
// driver, which CUDA's minor-version compatibility otherwise allows). Versions as CUDA writes
// them (13000 for 13.0).
std::string cannotRunReason(const std::vector<CudaArchitecture>& archs, int major, int minor,
                            int driverVersion, int toolkitVersion);

// The list this module was built for, as the build passed it ("80-real,86-real,89-real,90";
// empty where the build left nvcc's default).
std::string_view builtCudaArchitectures();

}  // namespace detbench::cuda
