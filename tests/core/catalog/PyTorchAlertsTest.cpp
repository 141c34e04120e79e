// PyTorch's deterministic-mode messages as its releases print them (the trace reads them from a
// script's exception, the torch devices from libtorch's errors and warnings), and messages that
// only look like them.

#include "detbench/catalog/PyTorchAlerts.hpp"

#include <gtest/gtest.h>

namespace detbench {
namespace {

struct Message {
  const char* release;
  const char* text;
  PyTorchAlertKind kind;
  const char* caller;
};

// at::Context::alertNotDeterministic (error and warn mode) and alertCuBLASConfigNotDeterministic,
// as 1.13 and the 2.x releases word them; then other messages.
const Message kMessages[] = {
    {"1.13",
     "index_add_cuda_ does not have a deterministic implementation, but you set "
     "'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for "
     "this operation, or you can use the 'warn_only=True' option, if that's acceptable "
     "for your application. You can also file an issue at "
     "https://github.com/pytorch/pytorch/issues to help us prioritize adding "
     "deterministic support for this operation.",
     PyTorchAlertKind::NoDeterministicImplementation, "index_add_cuda_"},
    {"2.x warn",
     "UserWarning: scatter_reduce_cuda does not have a deterministic "
     "implementation, but you set 'torch.use_deterministic_algorithms(True, "
     "warn_only=True)'. You can file an issue at "
     "https://github.com/pytorch/pytorch/issues to help us prioritize adding "
     "deterministic support for this operation. (Triggered internally at "
     "../aten/src/ATen/Context.cpp:83.)",
     PyTorchAlertKind::NoDeterministicImplementation, "scatter_reduce_cuda"},
    {"2.x raised in Python",
     "Traceback (most recent call last):\n  File \"train.py\", line 9\n"
     "RuntimeError: _histc_cuda with floating point input does not have "
     "a deterministic implementation, but you set "
     "'torch.use_deterministic_algorithms(True)'.",
     PyTorchAlertKind::NoDeterministicImplementation, "_histc_cuda with floating point input"},
    {"1.13 to 2.9 cuBLAS",
     "Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` "
     "or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not "
     "deterministic because it uses CuBLAS and you have CUDA >= 10.2. To enable deterministic "
     "behavior in this case, you must set an environment variable before running your PyTorch "
     "application: CUBLAS_WORKSPACE_CONFIG=:4096:8 or CUBLAS_WORKSPACE_CONFIG=:16:8. For more "
     "information, go to https://docs.nvidia.com/cuda/cublas/index.html#results-reproducibility",
     PyTorchAlertKind::CublasWorkspaceConfig, ""},
    {"other", "CUDA out of memory. Tried to allocate 2.00 GiB", PyTorchAlertKind::None, ""},
    {"other", "index 7 is out of bounds for dimension 0 with size 4", PyTorchAlertKind::None, ""},
    {"other", "CUBLAS_WORKSPACE_CONFIG must be :SIZE:COUNT", PyTorchAlertKind::None, ""},
    {"other", "", PyTorchAlertKind::None, ""},
};

TEST(PyTorchAlertsTest, EachReleasesMessagesAreReadAsWhatTheyAre) {
  for (const Message& m : kMessages) {
    SCOPED_TRACE(std::string(m.release) + ": " + m.text);
    const PyTorchAlert alert = parsePyTorchAlert(m.text);
    EXPECT_EQ(alert.kind, m.kind);
    EXPECT_EQ(alert.caller, m.caller);
    EXPECT_EQ(isPyTorchAlert(m.text), m.kind != PyTorchAlertKind::None);
  }
}

}  // namespace
}  // namespace detbench
