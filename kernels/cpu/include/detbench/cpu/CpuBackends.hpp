#pragma once
// The two CPU devices:
//   cpu          the sequential reference: one thread, PyTorch's CPU order, deterministic.
//   cpu-threads  a thread pool with float atomics and PyTorch's CUDA traits, so every lesson
//                about GPU nondeterminism shows on a machine without a GPU.

#include <memory>

#include "detbench/Backend.hpp"

namespace detbench::cpu {

std::unique_ptr<Backend> makeCpuBackend();
std::unique_ptr<Backend> makeCpuThreadsBackend();

}  // namespace detbench::cpu
