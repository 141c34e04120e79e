#include "detbench/catalog/PyTorchAlerts.hpp"

namespace detbench {

namespace {

// at::Context::alertNotDeterministic: "<caller> does not have a deterministic implementation,
// but you set 'torch.use_deterministic_algorithms(True)'. ..."
constexpr std::string_view kNoDeterministic = " does not have a deterministic implementation";
// at::Context::alertCuBLASConfigNotDeterministic: "Deterministic behavior was enabled with
// either `torch.use_deterministic_algorithms(True)` or ..., but this operation is not
// deterministic because it uses CuBLAS ... CUBLAS_WORKSPACE_CONFIG=:4096:8 ..."
constexpr std::string_view kDeterministicEnabled = "Deterministic behavior was enabled";
constexpr std::string_view kWorkspaceVariable = "CUBLAS_WORKSPACE_CONFIG";

bool has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

}  // namespace

PyTorchAlert parsePyTorchAlert(std::string_view message) {
  PyTorchAlert alert;
  if (const auto at = message.find(kNoDeterministic); at != std::string_view::npos) {
    alert.kind = PyTorchAlertKind::NoDeterministicImplementation;
    // The caller is the text before the phrase, from the start of its line (a Python traceback
    // or a "RuntimeError: " prefix stays out of it).
    auto begin = message.rfind('\n', at);
    begin = begin == std::string_view::npos ? 0 : begin + 1;
    std::string_view caller = message.substr(begin, at - begin);
    if (const auto colon = caller.rfind(": "); colon != std::string_view::npos)
      caller.remove_prefix(colon + 2);
    alert.caller = std::string(caller);
  } else if (has(message, kDeterministicEnabled) && has(message, kWorkspaceVariable)) {
    alert.kind = PyTorchAlertKind::CublasWorkspaceConfig;
  }
  return alert;
}

}  // namespace detbench
