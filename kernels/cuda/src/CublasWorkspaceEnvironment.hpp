#pragma once
// CUBLAS_WORKSPACE_CONFIG as the settings say, for the cuBLAS handles created after this call:
// detbench's own (matmul) and the ones cuDNN's RNN API creates inside (cuBLAS reads the variable
// when a handle is created, so a process that already made one keeps what it read then).

#include <cstdlib>
#include <string>

#include "detbench/settings/Settings.hpp"

namespace detbench::cuda {

// Puts the settings' CUBLAS_WORKSPACE_CONFIG into the environment, or removes it. The
// environment is written only when it changes: setenv is not safe beside a getenv on another
// thread (CUDA's and cuBLAS's own), and a run repeating the same settings has no need to.
inline void applyWorkspaceEnvironment(const Settings& settings) {
  const char* now = std::getenv("CUBLAS_WORKSPACE_CONFIG");
  if (settings.cublasWorkspaceConfig) {
    const std::string& want = settings.cublasWorkspaceConfig->text;
    if (now == nullptr || want != now) ::setenv("CUBLAS_WORKSPACE_CONFIG", want.c_str(), 1);
  } else if (now != nullptr) {
    ::unsetenv("CUBLAS_WORKSPACE_CONFIG");
  }
}

}  // namespace detbench::cuda
