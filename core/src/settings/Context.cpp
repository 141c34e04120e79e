#include "detbench/settings/Context.hpp"

#include <random>

#include "detbench/base/Error.hpp"

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

// The texts of at::Context::alertNotDeterministic and alertCuBLASConfigNotDeterministic
// (aten/src/ATen/Context.cpp), the same in every release the catalog holds.
void Context::alertNotDeterministic(std::string_view caller) {
  if (!deterministicAlgorithms()) return;
  std::string message(caller);
  if (deterministicAlgorithmsWarnOnly()) {
    message.append(
        " does not have a deterministic implementation, but you set "
        "'torch.use_deterministic_algorithms(True, warn_only=True)'. You can file an issue at "
        "https://github.com/pytorch/pytorch/issues to help us prioritize adding deterministic "
        "support for this operation.");
    warnings_.push_back(
        {AlertCode::NoDeterministicImplementation, std::string(caller), std::move(message)});
    return;
  }
  message.append(
      " does not have a deterministic implementation, but you set "
      "'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for this "
      "operation, or you can use the 'warn_only=True' option, if that's acceptable for your "
      "application. You can also file an issue at https://github.com/pytorch/pytorch/issues to "
      "help us prioritize adding deterministic support for this operation.");
  DETBENCH_THROW(NondeterministicError, message);
}

void Context::alertCublasConfigNotDeterministic(std::string_view caller) {
  if (!deterministicAlgorithms()) return;
  if (settings_.cublasWorkspaceConfig &&
      settings_.cublasWorkspaceConfig->isDeterministicForCublas())
    return;
  std::string message(
      "Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` "
      "or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not "
      "deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic "
      "behavior in this case, you must set an environment variable before running your "
      "PyTorch application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8. "
      "For more information, go to "
      "https://docs.nvidia.com/cuda/cublas/index.html#results-reproducibility");
  if (deterministicAlgorithmsWarnOnly()) {
    warnings_.push_back(
        {AlertCode::CublasWorkspaceConfig, std::string(caller), std::move(message)});
    return;
  }
  DETBENCH_THROW(NondeterministicError, message);
}

void Context::alertDetbenchContrast(std::string_view op, std::string_view why) {
  if (!deterministicAlgorithms()) return;
  std::string message("detbench (not PyTorch): the atomic form of ");
  message.append(op).append(" is a contrast that PyTorch ").append(toString(settings_.pytorch));
  message.append(" does not run with deterministic algorithms on (").append(why).append(").");
  if (deterministicAlgorithmsWarnOnly()) {
    message.append(" It runs here with this warning because warn_only=True.");
    warnings_.push_back({AlertCode::DetbenchContrast, std::string(op), std::move(message)});
    return;
  }
  message.append(
      " detbench refuses it in error mode; use warn mode, or turn deterministic algorithms off, "
      "to run it.");
  DETBENCH_THROW(NondeterministicError, message);
}

std::string_view toString(AlertCode code) {
  switch (code) {
    case AlertCode::NoDeterministicImplementation:
      return "no_deterministic_implementation";
    case AlertCode::CublasWorkspaceConfig:
      return "cublas_workspace_config";
    case AlertCode::DetbenchContrast:
      return "detbench_contrast";
    case AlertCode::LibraryWarning:
      return "library_warning";
  }
  return "no_deterministic_implementation";
}

std::optional<AlertCode> parseAlertCode(std::string_view text) {
  for (const AlertCode c :
       {AlertCode::NoDeterministicImplementation, AlertCode::CublasWorkspaceConfig,
        AlertCode::DetbenchContrast, AlertCode::LibraryWarning}) {
    if (toString(c) == text) return c;
  }
  return std::nullopt;
}

}  // namespace detbench
