#pragma once
// Backends that live in shared modules loaded at run time (the CUDA backend), so one build runs
// with or without a GPU, a driver or the CUDA libraries. A module exports one C function,
// kBackendEntry, that returns a new Backend for the ABI version it was built for.

#include <memory>
#include <string>
#include <string_view>

#include "detbench/backend/Backend.hpp"

namespace detbench {

inline constexpr int kBackendModuleAbi = 1;
inline constexpr const char* kBackendEntry = "detbench_create_backend";
using CreateBackendFn = Backend* (*)(int abiVersion);

struct LoadedBackend {
  std::unique_ptr<Backend> backend;  // null when the module could not be loaded
  std::string reason;                // why not
};

// Loads a module; never throws. The module stays loaded for the life of the process.
LoadedBackend loadBackendModule(const std::string& path);

// Where the module named `name` ("cuda") is: $DETBENCH_<NAME>_MODULE if set, else
// ../kernels/<name>/libdetbench_<name>.so relative to the running executable (the build tree),
// else ../lib/detbench/libdetbench_<name>.so (an installed tree).
std::string defaultModulePath(std::string_view name);

}  // namespace detbench
