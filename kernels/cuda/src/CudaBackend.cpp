#include "detbench/cuda/CudaBackend.hpp"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <string>

#include "CudaArchitectures.hpp"
#include "CudaCheck.hpp"
#ifdef DETBENCH_HAVE_CUDNN
#include "CudnnHandle.hpp"
#endif
#include "CudaKernel.hpp"
#include "CudaPreparedOp.hpp"
#include "LaunchCheck.hpp"

namespace detbench::cuda {

namespace {

std::string versionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

// The module's architectures as `detbench env` says them.
std::string architecturesText() {
  const std::string_view built = builtCudaArchitectures();
  if (built.empty()) return "nvcc's default (not recorded by the build)";
  const auto archs = parseCudaArchitectures(built);
  return archs ? describeCudaArchitectures(*archs) : std::string(built);
}

class CudaBackend final : public Backend {
 public:
  CudaBackend() : availability_(probe()) {}

  std::string_view id() const override { return "cuda"; }
  TraitsClass traitsClass() const override { return TraitsClass::Cuda; }
  // Unavailable where there is no device, and from the moment an error made the context
  // unusable (a run that hit it reported the error; the ones after it are refused with this).
  Availability availability() const override {
    if (auto fault = contextFault()) {
      return {false, "the CUDA context was lost after " + *fault +
                         "; restart detbench to use the cuda device again"};
    }
    return availability_;
  }
  int threads(const Context&) const override { return 1; }

  std::map<std::string, std::string> deviceInfo() const override {
    std::map<std::string, std::string> info;
    int runtime = 0, driver = 0;
    if (cudaRuntimeGetVersion(&runtime) == cudaSuccess) info["cuda_runtime"] = versionText(runtime);
    if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0) {
      info["cuda_driver_api"] = versionText(driver);
    }
    (void)cudaGetLastError();
    int major = 0, minor = 0, patch = 0;
    if (cublasGetProperty(MAJOR_VERSION, &major) == CUBLAS_STATUS_SUCCESS &&
        cublasGetProperty(MINOR_VERSION, &minor) == CUBLAS_STATUS_SUCCESS &&
        cublasGetProperty(PATCH_LEVEL, &patch) == CUBLAS_STATUS_SUCCESS) {
      info["cublas"] =
          std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
    }
#ifdef DETBENCH_HAVE_CUDNN
    info["cudnn"] = cudnnVersionText();
#endif
    info["architectures"] = architecturesText();
    if (syncLaunches()) {
      info["launches"] = std::string("each kernel waited for before and after its launch (") +
                         kSyncLaunchesVariable +
                         "=1): a failure names its kernel; the times include the waits";
    }
    if (!availability_.available) return info;  // the properties need no context
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) {
      info["name"] = prop.name;
      info["sm_count"] = std::to_string(prop.multiProcessorCount);
      info["compute_capability"] = std::to_string(prop.major) + "." + std::to_string(prop.minor);
      info["memory_bytes"] = std::to_string(prop.totalGlobalMem);
      if (const auto archs = parseCudaArchitectures(builtCudaArchitectures())) {
        const KernelImage image = kernelImageFor(*archs, prop.major, prop.minor);
        if (image.found) {
          info["kernel_image"] =
              image.name + (image.compiledByDriver
                                ? " PTX, compiled by the driver when each kernel is first loaded"
                                : " machine code");
        }
      }
    }
    (void)cudaGetLastError();
    return info;
  }

  bool supports(std::string_view op) const override {
    return findCudaKernel(op) != nullptr;
  }

  // Refuses up front when the inputs and output alone do not fit in the free device memory
  // (workspaces come on top; a failure allocating them is reported when it happens).
  void checkMemory(const OpDefinition& op, const OpParams& params) const override {
    if (!availability().available) return;
    auto bytesOf = [](const TensorSpec& t) {
      return static_cast<double>(numel(t.shape)) * static_cast<double>(dtypeSize(t.dtype));
    };
    double needed = bytesOf(op.outputSpec(params));
    for (const auto& t : op.inputSpecs(params)) needed += bytesOf(t);
    std::size_t free = 0, total = 0;
    DETBENCH_CUDA_CHECK(cudaMemGetInfo(&free, &total));
    if (needed > static_cast<double>(free)) {
      DETBENCH_THROW(OutOfMemory, "op " + std::string(op.name()) + " needs " +
                                      mib(static_cast<std::size_t>(needed)) +
                                      " of device memory for its inputs and output; the device "
                                      "has " +
                                      mib(free) + " free of " + mib(total));
    }
  }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& params,
                                      const OpInputs& inputs, Form form,
                                      const Context& context) override {
    if (const Availability a = availability(); !a.available) {
      DETBENCH_THROW(NotAvailable, "device cuda is not available: " + a.reason);
    }
    const CudaKernelEntry* kernel = findCudaKernel(op.name());
    if (kernel == nullptr) {
      DETBENCH_THROW(NotAvailable, "op " + std::string(op.name()) + " is not implemented on cuda");
    }
    return std::make_unique<CudaPreparedOp>(*kernel, params, inputs, form, context);
  }

 private:
  static Availability probe() {
    if (std::string problem = syncLaunchesProblem(); !problem.empty()) return {false, problem};
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      return {false, describe(status)};
    }
    if (count == 0) return {false, describe(cudaErrorNoDevice)};
    return kernelImageCheck();
  }

  // A device this build has no kernel image for is unavailable with the reason, rather than
  // failing with cudaErrorNoKernelImageForDevice at the first launch of a run.
  static Availability kernelImageCheck() {
    int major = 0, minor = 0, driver = 0;
    for (const cudaError_t status :
         {cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0),
          cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0),
          cudaDriverGetVersion(&driver)}) {
      if (status != cudaSuccess) {
        (void)cudaGetLastError();
        return {false, describe(status)};
      }
    }
    const auto archs = parseCudaArchitectures(builtCudaArchitectures());
    if (!archs) return {true, ""};  // nvcc's default, not recorded: nothing to check against
    std::string why = cannotRunReason(*archs, major, minor, driver, CUDART_VERSION);
    if (why.empty()) return {true, ""};
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess) why = std::string(prop.name) + ": " + why;
    (void)cudaGetLastError();
    return {false, why};
  }

  static std::string mib(std::size_t bytes) {
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
  }

  Availability availability_;
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend() {
  return std::make_unique<CudaBackend>();
}

}  // namespace detbench::cuda
