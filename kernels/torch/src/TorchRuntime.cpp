#include "TorchRuntime.hpp"

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <mutex>
#include <set>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchAlerts.hpp"

namespace detbench::torchdev {

namespace {

// "NAME: value" from at::show_config()'s text, or "".
std::string configValue(const std::string& config, std::string_view key) {
  const auto at = config.find(key);
  if (at == std::string::npos) return {};
  auto begin = at + key.size();
  while (begin < config.size() && (config[begin] == ' ' || config[begin] == ':')) ++begin;
  auto end = begin;
  while (end < config.size() && config[end] != '\n' && config[end] != ',') ++end;
  return config.substr(begin, end - begin);
}

}  // namespace

TorchBuild torchBuild() {
  TorchBuild b;
  const std::string config = at::show_config();
  b.version = configValue(config, "TORCH_VERSION=");
  if (b.version.empty()) b.version = DETBENCH_TORCH_VERSION;
  b.cpuCapability = configValue(config, "CPU capability usage");
  b.builtWithCuda = configValue(config, "USE_CUDA=") == "ON" || at::globalContext().hasCUDA();
  b.threads = pytorchDefaultThreads();
  return b;
}

int pytorchDefaultThreads() {
  static const int threads = at::get_num_threads();
  return threads;
}

namespace {

// libtorch's pool waits for a thread that could not start (a memory or process limit), and the
// run hangs: the threads are started here first, and joined, so a count this process cannot
// have is refused instead.
void checkThreadsCanStart(int threads) {
  std::vector<std::thread> started;
  started.reserve(static_cast<std::size_t>(threads));
  try {
    for (int i = 1; i < threads; ++i) started.emplace_back([] {});
  } catch (const std::system_error& e) {
    const std::size_t n = started.size();
    for (auto& t : started) t.join();
    DETBENCH_THROW(InvalidArgument, "cannot start thread " + std::to_string(n + 2) + " of " +
                                        std::to_string(threads) + " (" + e.what() +
                                        "): ask for fewer threads");
  }
  for (auto& t : started) t.join();
}

}  // namespace

void applySettings(const Settings& settings, int threads) {
  at::Context& context = at::globalContext();
  context.setDeterministicAlgorithms(settings.deterministic != DeterministicMode::Off,
                                     settings.deterministic == DeterministicMode::Warn);
  context.setBenchmarkCuDNN(settings.cudnnBenchmark);
  context.setDeterministicCuDNN(settings.cudnnDeterministic);
  // A run before may have set TF32 (matmul's or a convolution's tf32 parameter): the process
  // keeps it, so every run starts from PyTorch's defaults.
  context.setAllowTF32CuBLAS(false);
  context.setAllowTF32CuDNN(true);
  if constexpr (kHasFillUninitializedMemory) {
#if DETBENCH_TORCH_AT_LEAST(2, 2)
    context.setDeterministicFillUninitializedMemory(settings.fillUninitializedMemory);
#endif
  }
  if (threads > 0 && at::get_num_threads() != threads) {
    checkThreadsCanStart(threads);
    at::set_num_threads(threads);
  }
}

PyTorchSettings currentSettings() {
  const at::Context& context = at::globalContext();
  PyTorchSettings s;
  s.deterministicAlgorithms = context.deterministicAlgorithms();
  s.warnOnly = context.deterministicAlgorithmsWarnOnly();
  s.cudnnBenchmark = context.benchmarkCuDNN();
  s.cudnnDeterministic = context.deterministicCuDNN();
#if DETBENCH_TORCH_AT_LEAST(2, 2)
  s.fillUninitializedMemory = context.deterministicFillUninitializedMemory();
#endif
  s.threads = at::get_num_threads();
  return s;
}

Alert alertOfMessage(const std::string& message) {
  Alert a{AlertCode::LibraryWarning, {}, message};
  PyTorchAlert alert = parsePyTorchAlert(message);
  if (alert.kind == PyTorchAlertKind::NoDeterministicImplementation) {
    a.code = AlertCode::NoDeterministicImplementation;
    a.caller = std::move(alert.caller);
  } else if (alert.kind == PyTorchAlertKind::CublasWorkspaceConfig) {
    a.code = AlertCode::CublasWorkspaceConfig;
  }
  return a;
}

// c10's handler interface changed in PyTorch 2.0: a Warning object instead of its parts.
struct WarningCapture::Handler final : c10::WarningHandler {
#if DETBENCH_TORCH_AT_LEAST(2, 0)
  void process(const c10::Warning& warning) override {
    add(warning.msg());
  }
#else
  void process(const c10::SourceLocation& /*where*/, const std::string& msg,
               const bool /*verbatim*/) override {
    add(msg);
  }
#endif
  void add(const std::string& msg) {
    std::lock_guard lock(mutex);
    if (seen.insert(msg).second) pending.push_back(msg);
  }
  std::mutex mutex;
  std::set<std::string> seen;
  std::vector<std::string> pending;
};

#if DETBENCH_TORCH_AT_LEAST(2, 0)
namespace warning_utils = c10::WarningUtils;
#else
namespace warning_utils = c10::Warning;
#endif

WarningCapture::WarningCapture() : handler_(new Handler) {}

WarningCapture::~WarningCapture() {
  delete handler_;
}

WarningCapture::ThreadScope::ThreadScope(WarningCapture& capture)
    : previous_(warning_utils::get_warning_handler()) {
  warning_utils::set_warning_handler(capture.handler_);
}

WarningCapture::ThreadScope::~ThreadScope() {
  warning_utils::set_warning_handler(static_cast<c10::WarningHandler*>(previous_));
}

std::vector<Alert> WarningCapture::take() {
  std::vector<std::string> messages;
  {
    std::lock_guard lock(handler_->mutex);
    messages.swap(handler_->pending);
  }
  std::vector<Alert> out;
  out.reserve(messages.size());
  for (const auto& m : messages) out.push_back(alertOfMessage(m));
  return out;
}

void rethrowAsDetbench(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const Error&) {
    throw;
  } catch (const c10::OutOfMemoryError& e) {
    DETBENCH_THROW(OutOfMemory, std::string("PyTorch: ") + e.what_without_backtrace());
  } catch (const c10::Error& e) {
    const std::string message = e.what_without_backtrace();
    if (isPyTorchAlert(message)) DETBENCH_THROW(NondeterministicError, message);
    DETBENCH_THROW(DeviceError, "PyTorch: " + message);
  } catch (const std::bad_alloc&) {
    DETBENCH_THROW(OutOfMemory, "PyTorch: out of host memory");
  } catch (const std::exception& e) {
    DETBENCH_THROW(DeviceError, std::string("PyTorch: ") + e.what());
  }
}

}  // namespace detbench::torchdev
