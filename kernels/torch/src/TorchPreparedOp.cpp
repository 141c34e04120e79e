#include "TorchPreparedOp.hpp"

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <future>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "TorchCallArgs.hpp"
#include "TorchRuntime.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/ops/RandomOps.hpp"
#include "detbench/run/Digest.hpp"
#ifdef DETBENCH_TORCH_CUDA
#include "TorchCuda.hpp"
#endif

namespace detbench::torchdev {

namespace {

// Elements per part of the digest at least: below two of these it runs on the calling thread.
constexpr std::uint64_t kDigestGrain = 1 << 16;

// The digest's sum of terms over `n` elements in up to `threads` parts: the calling thread
// takes the first, PyTorch's inter-op pool (at::launch) the others. The terms add mod 2^64, so
// any split gives the same sum. (ATen's parallel_for would need this file built with OpenMP,
// and a second OpenMP runtime beside the one a pip PyTorch carries.)
std::uint64_t digestSum(const void* data, std::size_t size, std::uint64_t n, int threads) {
  const std::uint64_t parts =
      std::min<std::uint64_t>(static_cast<std::uint64_t>(std::max(threads, 1)), n / kDigestGrain);
  if (parts < 2) return digestPartial(data, size, 0, n);
  std::vector<std::future<std::uint64_t>> partials;
  for (std::uint64_t p = 1; p < parts; ++p) {
    // The task owns its promise: nothing it touches goes away before it returns.
    auto done = std::make_shared<std::promise<std::uint64_t>>();
    partials.push_back(done->get_future());
    const std::uint64_t begin = n * p / parts;
    const std::uint64_t end = n * (p + 1) / parts;
    at::launch([data, size, begin, end, done] {
      done->set_value(digestPartial(data, size, begin, end - begin));
    });
  }
  std::uint64_t sum = digestPartial(data, size, 0, n / parts);
  for (auto& partial : partials) sum += partial.get();
  return sum;
}

at::ScalarType scalarType(DType dtype) {
  switch (dtype) {
    case DType::Float32:
      return at::kFloat;
    case DType::Float64:
      return at::kDouble;
    case DType::Int64:
      return at::kLong;
  }
  return at::kFloat;
}

at::Tensor toTorch(const HostTensor& host, const at::Device& device) {
  at::Tensor t = at::empty(host.shape(), at::TensorOptions().dtype(scalarType(host.dtype())));
  if (host.bytes() > 0) std::memcpy(t.data_ptr(), host.raw(), host.bytes());
  return device.is_cpu() ? t : t.to(device);
}

// CUBLAS_WORKSPACE_CONFIG as the settings say, before PyTorch's first cuBLAS handle reads it (a
// process keeps what its handles read: one process per value). Written only when it changes.
void applyWorkspaceEnvironment(const Settings& settings) {
  const char* now = std::getenv("CUBLAS_WORKSPACE_CONFIG");
  if (settings.cublasWorkspaceConfig) {
    const std::string& want = settings.cublasWorkspaceConfig->text;
    if (now == nullptr || want != now) ::setenv("CUBLAS_WORKSPACE_CONFIG", want.c_str(), 1);
  } else if (now != nullptr) {
    ::unsetenv("CUBLAS_WORKSPACE_CONFIG");
  }
}

class TorchPreparedOp final : public PreparedOp {
 public:
  TorchPreparedOp(TorchDeviceKind kind, const TorchOpEntry& entry, const OpParams& params,
                  const OpInputs& inputs, const Context& context, int threads)
      : entry_(entry),
        outputSpec_(inputs.output),
        seeds_{context.seed(), context.seedWasSet()},
        args_{params, {}, {}, {}} {
    const at::Device device = kind == TorchDeviceKind::Cuda ? at::Device(at::kCUDA, 0) : at::kCPU;
    args_.options = at::TensorOptions().dtype(at::kFloat).device(device);
    if (kind == TorchDeviceKind::Cuda) applyWorkspaceEnvironment(context.settings());
    WarningCapture::ThreadScope scope(warnings_);
    translatingErrors([&] {
      applySettings(context.settings(), threads);
      threads_ = threads;
      for (std::size_t i = 0; i < inputs.specs.size(); ++i) {
        args_.tensors[inputs.specs[i].name] = toTorch(inputs.at(i), device);
      }
      if (entry_.setup != nullptr) entry_.setup(args_);
    });
#ifdef DETBENCH_TORCH_CUDA
    if (kind == TorchDeviceKind::Cuda) clock_ = cuda::makeTrialClock();
#endif
  }

  std::int64_t execute() override {
    WarningCapture::ThreadScope scope(warnings_);
    if (entry_.random) at::manual_seed(seeds_.forExecution(executions_));
    ++executions_;
    std::int64_t elapsed = 0;
#ifdef DETBENCH_TORCH_CUDA
    if (clock_) {
      try {
        translatingErrors([&] {
          clock_->start();
          output_ = entry_.call(args_).contiguous();
          checkOutput();
          clock_->stop(output_.data_ptr(), static_cast<std::size_t>(output_.element_size()),
                       static_cast<std::uint64_t>(output_.numel()));
          elapsed = clock_->elapsedNs();
        });
      } catch (const Error&) {
        cuda::recordFailure();  // a fault that ends the context makes torch-cuda unavailable
        throw;
      }
      return elapsed;
    }
#endif
    translatingErrors([&] {
      const auto t0 = std::chrono::steady_clock::now();
      at::Tensor out = entry_.call(args_);
      const auto t1 = std::chrono::steady_clock::now();
      output_ = out.contiguous();
      checkOutput();
      elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
    });
    return elapsed;
  }

  std::uint64_t outputDigest() override {
#ifdef DETBENCH_TORCH_CUDA
    if (clock_ && clock_->hasDigest()) return clock_->digest();
#endif
    if (output_.is_cpu()) {
      const auto size = static_cast<std::size_t>(output_.element_size());
      const auto n = static_cast<std::uint64_t>(output_.numel());
      const std::uint64_t sum = digestSum(output_.data_ptr(), size, n, threads_);
      return digest_detail::finalize(sum, static_cast<std::uint64_t>(n), size);
    }
    return digestTensor(readOutput());
  }

  HostTensor readOutput() override {
    HostTensor host(outputSpec_.shape, outputSpec_.dtype);
    translatingErrors([&] {
      const at::Tensor cpu = output_.is_cpu() ? output_ : output_.to(at::kCPU);
      std::memcpy(host.raw(), cpu.data_ptr(), host.bytes());
    });
    return host;
  }

  std::vector<Alert> takeLibraryWarnings() override {
    return warnings_.take();
  }

  void bareCall() {
    output_ = entry_.call(args_);
  }

 private:
  // PyTorch's output must be what detbench's definition says (the digest and the comparisons
  // read its bytes as that): checked on every trial, a comparison of two numbers.
  void checkOutput() const {
    if (output_.scalar_type() != scalarType(outputSpec_.dtype) ||
        output_.numel() != numel(outputSpec_.shape)) {
      DETBENCH_THROW(DeviceError, "PyTorch's " + std::string(entry_.op) + " returned " +
                                      std::string(c10::toString(output_.scalar_type())) + " " +
                                      std::to_string(output_.numel()) +
                                      " elements where detbench's definition has " +
                                      std::string(toString(outputSpec_.dtype)) + " " +
                                      toString(outputSpec_.shape));
    }
  }

  const TorchOpEntry& entry_;
  TensorSpec outputSpec_;
  ops::TrialSeeds seeds_;
  TorchCallArgs args_;
  WarningCapture warnings_;
  at::Tensor output_;
  std::uint64_t executions_ = 0;
  int threads_ = 1;
#ifdef DETBENCH_TORCH_CUDA
  std::unique_ptr<cuda::TrialClock> clock_;
#endif
};

}  // namespace

void runBareCall(PreparedOp& prepared) {
  static_cast<TorchPreparedOp&>(prepared).bareCall();
}

std::unique_ptr<PreparedOp> makeTorchPreparedOp(TorchDeviceKind kind, const OpDefinition& op,
                                                const OpParams& params, const OpInputs& inputs,
                                                const Context& context, int threads) {
  const TorchOpEntry* entry = findTorchOp(op.name());
  if (entry == nullptr) {
    DETBENCH_THROW(NotAvailable, "op " + std::string(op.name()) + " has no PyTorch call here");
  }
  return std::make_unique<TorchPreparedOp>(kind, *entry, params, inputs, context, threads);
}

}  // namespace detbench::torchdev
