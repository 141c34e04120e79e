#pragma once
// The check after every kernel launch of the module (Launch.cuh's launch() calls it): a launch
// that fails becomes a CudaError that names the kernel, with the file and line of its launch.
//
// A kernel that faults while it runs (an illegal address) is reported by whichever call comes
// next, usually the trial's synchronisation, long after its launch returned. With
// DETBENCH_CUDA_SYNC_LAUNCHES=1 every launch is waited for before and after, so the first fault
// names the kernel that raised it (or says that it came from work queued before that kernel: a
// copy or a library call). It costs the overlap of the launches: the times of such a run include
// the waits (the device information says so).
// Host code only, so the tests build the texts without a GPU.

#include <cuda_runtime_api.h>

#include <optional>
#include <string>

#include "StreamView.hpp"

namespace detbench::cuda {

inline constexpr const char* kSyncLaunchesVariable = "DETBENCH_CUDA_SYNC_LAUNCHES";

// The variable's value: unset, empty or "0" off, "1" on; nullopt for anything else.
std::optional<bool> parseSyncLaunches(const char* value);
// Why the variable's present value is refused, or empty (read now: the cuda device is
// unavailable with this reason).
std::string syncLaunchesProblem();
// Whether launches are waited for: the variable, read once per process (a refused value reads
// as off; the device is unavailable then anyway).
bool syncLaunches();
// What an error of a running kernel adds to its message when launches are not waited for.
std::string syncLaunchesAdvice();

// A launch site: the kernel as the launch names it, and the file and line of the launch.
struct KernelSite {
  const char* name;
  const char* file;
  int line;
};

// "kernel chunkSumKernel (SumKernels.cu:70)": the kernel and where it was launched.
std::string describeSite(const KernelSite& site);

// When a failure was seen: at the launch itself, waiting for the work queued before the launch,
// or waiting for the kernel after its launch (the last two only with DETBENCH_CUDA_SYNC_LAUNCHES).
enum class LaunchStage { Launch, BeforeLaunch, Running };

// What failed, for the error's message and for the reason a lost context gives.
std::string describeFailure(const KernelSite& site, LaunchStage stage);

// Throws the CudaError (or OutOfMemory) for `status` seen at `stage` of the launch at `site`,
// with the site's file and line.
[[noreturn]] void throwLaunchFailure(const KernelSite& site, cudaError_t status,
                                     LaunchStage stage = LaunchStage::Launch);

// Before a launch on `stream`, with DETBENCH_CUDA_SYNC_LAUNCHES only: waits for what is queued.
void checkBeforeLaunch(const KernelSite& site, StreamView stream);

// After a launch on `stream`: the launch's own error (a bad configuration, too many resources)
// is reported and cleared; with DETBENCH_CUDA_SYNC_LAUNCHES the kernel is waited for.
void checkLaunch(const KernelSite& site, StreamView stream);

}  // namespace detbench::cuda
