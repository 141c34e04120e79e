#pragma once
// The two CPU devices:
//   cpu          the sequential reference: one thread, PyTorch's CPU order, deterministic.
//   cpu-threads  a thread pool with float atomics and PyTorch's CUDA traits, so every lesson
//                about GPU nondeterminism shows on a machine without a GPU. Its tasks run on
//                real threads, or under a simulated schedule (TaskSchedule.hpp) that tests
//                and teaching can control; reports name a simulated schedule.

#include <memory>

#include "detbench/backend/Backend.hpp"
#include "detbench/cpu/TaskSchedule.hpp"

namespace detbench::cpu {

std::unique_ptr<Backend> makeCpuBackend();
std::unique_ptr<Backend> makeCpuThreadsBackend(TaskSchedule schedule = TaskSchedule::threads());

}  // namespace detbench::cpu
