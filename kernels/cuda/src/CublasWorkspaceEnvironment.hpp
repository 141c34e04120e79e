#pragma once
// CUBLAS_WORKSPACE_CONFIG as the settings say, for the cuBLAS handles created after this call:
// detbench's own (matmul) and the ones cuDNN's RNN API creates inside (cuBLAS reads the variable
// when a handle is created, so a process that already made one keeps what it read then).

#include <cstdlib>

#include "detbench/Settings.hpp"

namespace detbench::cuda {

// Puts the settings' CUBLAS_WORKSPACE_CONFIG into the environment, or removes it.
inline void applyWorkspaceEnvironment(const Settings& settings) {
  if (settings.cublasWorkspaceConfig) {
    ::setenv("CUBLAS_WORKSPACE_CONFIG", settings.cublasWorkspaceConfig->text.c_str(), 1);
  } else {
    ::unsetenv("CUBLAS_WORKSPACE_CONFIG");
  }
}

}  // namespace detbench::cuda
