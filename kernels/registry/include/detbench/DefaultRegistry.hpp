#pragma once
// The devices an application offers: the CPU backends, the CUDA backend from its module where
// this build has one (listed as unavailable, with the reason, where it cannot load or finds no
// GPU), and the torch devices (PyTorch's own kernels); both modules are loaded on first use.
// Shared by the command line and the workbench. DETBENCH_CPU_SCHEDULE
// (threads, in-order, shuffled, shuffled:SEED) runs cpu-threads under a simulated schedule.

#include "detbench/backend/BackendRegistry.hpp"

namespace detbench {

BackendRegistry makeDefaultRegistry();

}  // namespace detbench
