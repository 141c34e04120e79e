#include "TorchCuda.hpp"

#include <ATen/Context.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <link.h>

#include <cstring>
#include <string>

#include "TorchRuntime.hpp"
#include "detbench/base/Error.hpp"
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
#include "detbench/cuda/DeviceDigest.hpp"
#endif

namespace detbench::torchdev::cuda {

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    cudaGetLastError();  // clears a sticky launch error so the next call is not blamed
    DETBENCH_THROW(DeviceError, std::string(what) + ": " + cudaGetErrorName(status) + " (" +
                                    cudaGetErrorString(status) + ")");
  }
}

// "12.8.0" from a CUDA-style version number (major * 1000 + minor * 10).
std::string cudaVersionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

// The cuBLAS this process loaded (PyTorch's own: its wheel's, or the toolkit's), asked through
// cublasGetProperty in that very library.
std::string loadedCublasVersion() {
  std::string path;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        if (info->dlpi_name != nullptr && std::strstr(info->dlpi_name, "libcublas.so") != nullptr) {
          *static_cast<std::string*>(out) = info->dlpi_name;
          return 1;
        }
        return 0;
      },
      &path);
  if (path.empty()) return "not loaded yet";
  void* handle = ::dlopen(path.c_str(), RTLD_LAZY | RTLD_NOLOAD);
  if (handle == nullptr) return "?";
  using GetProperty = int (*)(int, int*);  // cublasGetProperty(libraryPropertyType, int*)
  auto* get = reinterpret_cast<GetProperty>(::dlsym(handle, "cublasGetProperty"));
  int major = 0, minor = 0, patch = 0;
  const bool ok =
      get != nullptr && get(0, &major) == 0 && get(1, &minor) == 0 && get(2, &patch) == 0;
  ::dlclose(handle);
  return ok ? std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch)
            : "?";
}

class EventClock final : public TrialClock {
 public:
  EventClock() {
    check(cudaEventCreate(&start_), "cudaEventCreate");
    check(cudaEventCreate(&stop_), "cudaEventCreate");
  }
  ~EventClock() override {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void start() override {
    stream_ = at::cuda::getCurrentCUDAStream();
    check(cudaEventRecord(start_, stream_), "cudaEventRecord");
  }
  void stop(const void* output, std::size_t elementSize, std::uint64_t count) override {
    check(cudaEventRecord(stop_, stream_), "cudaEventRecord");
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
    digester_.enqueue(output, elementSize, count, stream_);
#else
    (void)output;
    (void)elementSize;
    (void)count;
#endif
    check(cudaStreamSynchronize(stream_), "the op on PyTorch's current stream");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
    elapsedNs_ = static_cast<std::int64_t>(static_cast<double>(ms) * 1e6);
  }
  std::int64_t elapsedNs() const override {
    return elapsedNs_;
  }
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
  bool hasDigest() const override {
    return true;
  }
  std::uint64_t digest() const override {
    return digester_.result();
  }
#else
  bool hasDigest() const override {
    return false;
  }
  std::uint64_t digest() const override {
    return 0;
  }
#endif

 private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
  cudaStream_t stream_ = nullptr;
  std::int64_t elapsedNs_ = 0;
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
  detbench::cuda::DeviceDigester digester_;
#endif
};

}  // namespace

Availability availability() {
  if (at::globalContext().hasCUDA()) return {true, ""};
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  cudaGetLastError();
  return {false, "PyTorch " + torchBuild().version + " finds no CUDA device (" +
                     (status == cudaSuccess ? std::string("none present")
                                            : std::string(cudaGetErrorName(status))) +
                     ")"};
}

std::map<std::string, std::string> deviceInfo() {
  std::map<std::string, std::string> info;
  info["cuda_built_with"] = cudaVersionText(CUDA_VERSION);
  int runtime = 0;
  if (cudaRuntimeGetVersion(&runtime) == cudaSuccess)
    info["cuda_runtime"] = cudaVersionText(runtime);
  int driver = 0;
  if (cudaDriverGetVersion(&driver) == cudaSuccess) info["cuda_driver"] = cudaVersionText(driver);
  cudaGetLastError();
  if (!at::globalContext().hasCUDA()) return info;
  const auto& hooks = at::detail::getCUDAHooks();
  if (hooks.hasCuDNN()) {
    // CUDNN_VERSION: major * 10000 + minor * 100 + patch from cuDNN 9 on, major * 1000 before.
    const long v = hooks.versionCuDNN();
    const long major = v >= 90000 ? v / 10000 : v / 1000;
    const long rest = v >= 90000 ? v % 10000 : v % 1000;
    info["cudnn"] =
        std::to_string(major) + "." + std::to_string(rest / 100) + "." + std::to_string(rest % 100);
  }
  info["cublas"] = loadedCublasVersion();
  const cudaDeviceProp* props = at::cuda::getCurrentDeviceProperties();
  info["gpu"] = props->name;
  info["compute_capability"] = std::to_string(props->major) + "." + std::to_string(props->minor);
  info["sm_count"] = std::to_string(props->multiProcessorCount);
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
  info["digest"] = "on the GPU (detbench's device digest, behind the op on its stream)";
#else
  info["digest"] = "from a host copy of the output (this build has no CUDA module)";
#endif
  return info;
}

std::unique_ptr<TrialClock> makeTrialClock() {
  return std::make_unique<EventClock>();
}

}  // namespace detbench::torchdev::cuda
