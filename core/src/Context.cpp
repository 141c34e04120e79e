#include "detbench/Context.hpp"

#include <random>

#include "detbench/Error.hpp"

namespace detbench {

namespace {

std::uint64_t freshSeed() {
  std::random_device device;
  return (std::uint64_t{device()} << 32) ^ device();
}

}  // namespace

Context::Context(Settings settings)
    : settings_(std::move(settings)), seed_(settings_.seed ? *settings_.seed : freshSeed()) {
  DETBENCH_CHECK_ARG(settings_.threads >= 0 && settings_.threads <= 1024,
                     "threads must be between 0 (one per core) and 1024");
}

void Context::alertNotDeterministic(std::string_view caller) {
  if (!deterministicAlgorithms()) return;
  std::string message = std::string(caller) +
                        " does not have a deterministic implementation, but deterministic "
                        "algorithms are on (torch.use_deterministic_algorithms(True)).";
  if (deterministicAlgorithmsWarnOnly()) {
    warnings_.push_back(
        {AlertCode::NoDeterministicImplementation, std::string(caller), std::move(message)});
    return;
  }
  message +=
      " Turn determinism off for this op, or use warn mode (warn_only=True) to run it with "
      "a warning.";
  DETBENCH_THROW(NondeterministicError, message);
}

void Context::alertCublasConfigNotDeterministic(std::string_view caller) {
  if (!deterministicAlgorithms()) return;
  if (settings_.cublasWorkspaceConfig &&
      settings_.cublasWorkspaceConfig->isDeterministicForCublas())
    return;
  std::string message = std::string(caller) +
                        " uses cuBLAS, which is not deterministic with deterministic algorithms "
                        "on unless CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8.";
  if (deterministicAlgorithmsWarnOnly()) {
    warnings_.push_back(
        {AlertCode::CublasWorkspaceConfig, std::string(caller), std::move(message)});
    return;
  }
  DETBENCH_THROW(NondeterministicError, message);
}

}  // namespace detbench
