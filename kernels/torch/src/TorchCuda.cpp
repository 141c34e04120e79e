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
#include "detbench/cuda/ContextHealth.hpp"
#include "detbench/cuda/DeviceDigest.hpp"
#endif

namespace detbench::torchdev::cuda {

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
    detbench::cuda::recordContextFault(status, what);  // kept where it poisons the context
#endif
    cudaGetLastError();  // a non-sticky error is returned once: not blamed on the next call
    DETBENCH_THROW(DeviceError, std::string(what) + ": " + cudaGetErrorName(status) + " (" +
                                    cudaGetErrorString(status) + ")");
  }
}

// "12.8.0" from a CUDA-style version number (major * 1000 + minor * 10).
std::string cudaVersionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

// A function of a library this process loaded (PyTorch's own copy of it), found by the library's
// file name: `fn` is given the handle's symbol, or null.
template <typename Fn>
std::string askLoadedLibrary(const char* library, const char* symbol, Fn fn) {
  struct Search {
    const char* name;
    std::string path;
  } search{library, {}};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        auto* s = static_cast<Search*>(out);
        if (info->dlpi_name != nullptr && std::strstr(info->dlpi_name, s->name) != nullptr) {
          s->path = info->dlpi_name;
          return 1;
        }
        return 0;
      },
      &search);
  if (search.path.empty()) return "not loaded yet";
  void* handle = ::dlopen(search.path.c_str(), RTLD_LAZY | RTLD_NOLOAD);
  if (handle == nullptr) return "?";
  const std::string text = fn(::dlsym(handle, symbol));
  ::dlclose(handle);
  return text;
}

// cublasGetProperty(MAJOR_VERSION = 0, MINOR_VERSION = 1, PATCH_LEVEL = 2, int*).
std::string loadedCublasVersion() {
  return askLoadedLibrary("libcublas.so", "cublasGetProperty", [](void* symbol) -> std::string {
    auto* get = reinterpret_cast<int (*)(int, int*)>(symbol);
    int major = 0, minor = 0, patch = 0;
    if (get == nullptr || get(0, &major) != 0 || get(1, &minor) != 0 || get(2, &patch) != 0) {
      return "?";
    }
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
  });
}

// cudnnGetVersion(): the cuDNN PyTorch actually loaded (its build's may differ). From 9 on,
// major * 10000 + minor * 100 + patch; before, major * 1000.
std::string cudnnVersionText(long v) {
  const long major = v >= 90000 ? v / 10000 : v / 1000;
  const long rest = v >= 90000 ? v % 10000 : v % 1000;
  return std::to_string(major) + "." + std::to_string(rest / 100) + "." +
         std::to_string(rest % 100);
}

std::string loadedCudnnVersion() {
  return askLoadedLibrary("libcudnn.so", "cudnnGetVersion", [](void* symbol) -> std::string {
    auto* get = reinterpret_cast<std::size_t (*)()>(symbol);
    return get == nullptr ? std::string("?") : cudnnVersionText(static_cast<long>(get()));
  });
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
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
  if (const auto fault = detbench::cuda::contextFault()) {
    return {false, "the CUDA context was lost (" + *fault + "); restart detbench"};
  }
#endif
  if (at::globalContext().hasCUDA()) return {true, ""};
  int devices = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  cudaGetLastError();
  if (status != cudaSuccess) {
    return {false, "PyTorch " + torchBuild().version + " finds no CUDA device (" +
                       cudaGetErrorName(status) + ": " + cudaGetErrorString(status) + ")"};
  }
  if (devices == 0) return {false, "PyTorch " + torchBuild().version + " finds no CUDA device"};
  return {false, std::to_string(devices) +
                     " CUDA device(s) present, but PyTorch's CUDA library did not register "
                     "with ATen (libtorch_cuda not loaded)"};
}

void recordFailure() {
#ifdef DETBENCH_TORCH_DEVICE_DIGEST
  detbench::cuda::recordLastErrorIfFatal("PyTorch's op on torch-cuda");
#endif
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
