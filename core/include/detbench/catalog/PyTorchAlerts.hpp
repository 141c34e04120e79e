#pragma once
// PyTorch's deterministic-mode messages, read in one place: the trace (an exception the user's
// script raised) and the torch devices (an error or a warning caught from libtorch) both ask
// here. The phrases are PyTorch's own, the same in every release the catalog holds and in 1.13
// (tests/core/catalog/PyTorchAlertsTest.cpp holds the messages by release).

#include <string>
#include <string_view>

namespace detbench {

enum class PyTorchAlertKind {
  None,                           // another message
  NoDeterministicImplementation,  // "X does not have a deterministic implementation, but ..."
  CublasWorkspaceConfig,          // cuBLAS in deterministic mode without CUBLAS_WORKSPACE_CONFIG
};

struct PyTorchAlert {
  PyTorchAlertKind kind = PyTorchAlertKind::None;
  // NoDeterministicImplementation: the caller PyTorch names ("index_add_cuda_"), else "".
  std::string caller;
};

PyTorchAlert parsePyTorchAlert(std::string_view message);

// Either kind: the message is deterministic mode's alert, raised or warned.
inline bool isPyTorchAlert(std::string_view message) {
  return parsePyTorchAlert(message).kind != PyTorchAlertKind::None;
}

}  // namespace detbench
