#pragma once
// What the torch devices ask of libtorch outside any op: the release and how it was built,
// PyTorch's global determinism settings, its warnings on the thread that runs an op, and its errors
// as detbench's typed ones. This header includes no ATen header.

#include <exception>
#include <map>
#include <string>
#include <vector>

#include "TorchRelease.hpp"
#include "detbench/settings/Context.hpp"
#include "detbench/settings/Settings.hpp"

namespace detbench::torchdev {

// The release the module was built against, from TORCH_VERSION.
inline constexpr int kTorchMajor = DETBENCH_TORCH_MAJOR;
inline constexpr int kTorchMinor = DETBENCH_TORCH_MINOR;
// torch.utils.deterministic.fill_uninitialized_memory exists from PyTorch 2.2 on.
inline constexpr bool kHasFillUninitializedMemory = DETBENCH_TORCH_AT_LEAST(2, 2);

// The PyTorch this process loaded, read from libtorch itself (at::show_config) where it says,
// and the module's build otherwise.
struct TorchBuild {
  std::string version;        // "1.13.0"
  std::string cpuCapability;  // "AVX2", "AVX512", "DEFAULT", ... ("" where it does not say)
  bool builtWithCuda = false;
  int threads = 1;  // at::get_num_threads() of the calling thread
};
TorchBuild torchBuild();

// PyTorch's own intra-op thread count, as it was when the module loaded (before any run set
// another): what torch-cpu uses when the settings ask for 0 threads.
int pytorchDefaultThreads();

// Writes the settings to PyTorch's global context: deterministic algorithms (warn_only for warn
// mode), cudnn.benchmark, cudnn.deterministic and, where the release has it,
// fill_uninitialized_memory; TF32 back to PyTorch's defaults (matmul off, cuDNN on) for an op's
// setup to change; and the intra-op threads of the calling thread (PyTorch's OpenMP thread
// count is per thread: this is called on the thread that runs the op).
void applySettings(const Settings& settings, int threads);

// PyTorch's global settings as it holds them now (what applySettings wrote, read back), and
// the calling thread's intra-op threads.
struct PyTorchSettings {
  bool deterministicAlgorithms = false;
  bool warnOnly = false;
  bool cudnnBenchmark = false;
  bool cudnnDeterministic = false;
  bool fillUninitializedMemory = false;  // false where the release has no such setting
  int threads = 0;
};
PyTorchSettings currentSettings();

// Collects PyTorch's warnings (TORCH_WARN) raised while the op runs. c10's warning handler is
// thread-local: a ThreadScope installs the capture on the thread that runs the op, around each
// call.
class WarningCapture {
 public:
  WarningCapture();
  ~WarningCapture();
  WarningCapture(const WarningCapture&) = delete;
  WarningCapture& operator=(const WarningCapture&) = delete;

  class ThreadScope {
   public:
    explicit ThreadScope(WarningCapture& capture);
    ~ThreadScope();
    ThreadScope(const ThreadScope&) = delete;
    ThreadScope& operator=(const ThreadScope&) = delete;

   private:
    void* previous_;
  };

  // The warnings caught since the last call, each text once per capture, as detbench's alerts:
  // PyTorch's "... does not have a deterministic implementation" and CUBLAS_WORKSPACE_CONFIG
  // alerts by their codes, any other warning as a library warning.
  std::vector<Alert> take();

 private:
  struct Handler;
  Handler* handler_;
};

// An alert as PyTorch words it, parsed: its caller ("put_" in "put_ does not have a
// deterministic implementation, ...") and its kind. Exposed for tests.
Alert alertOfMessage(const std::string& message);

// Rethrows the exception in flight as detbench's: PyTorch's deterministic-mode alert as
// NondeterministicError with PyTorch's words; out of memory as OutOfMemory; any other error of
// PyTorch's as DeviceError naming it. detbench's own errors pass unchanged.
[[noreturn]] void rethrowAsDetbench(const std::exception_ptr& error);

// Runs `f`, translating what it throws (rethrowAsDetbench).
template <typename F>
decltype(auto) translatingErrors(F&& f) {
  try {
    return f();
  } catch (...) {
    rethrowAsDetbench(std::current_exception());
  }
}

}  // namespace detbench::torchdev
