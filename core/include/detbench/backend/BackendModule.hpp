#pragma once
// Backends that live in shared modules loaded at run time (the CUDA backend, the torch devices),
// so one build runs with or without a GPU, a driver, the CUDA libraries or libtorch. A module
// exports one C function: kBackendEntry, which returns a new Backend for the ABI version it was
// built for, or, for a module that offers several devices, kBackendsEntry, which fills an array.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/backend/Backend.hpp"

namespace detbench {

// Raised whenever Backend or PreparedOp change shape: a module built for another version is
// refused with a reason instead of being called through the wrong table.
inline constexpr int kBackendModuleAbi = 2;
inline constexpr const char* kBackendEntry = "detbench_create_backend";
using CreateBackendFn = Backend* (*)(int abiVersion);
// Writes up to `capacity` new backends to `out` and returns how many; a negative count when the
// module was built for another ABI version.
inline constexpr const char* kBackendsEntry = "detbench_create_backends";
using CreateBackendsFn = int (*)(int abiVersion, Backend** out, int capacity);

struct LoadedBackend {
  std::unique_ptr<Backend> backend;  // null when the module could not be loaded
  std::string reason;                // why not
};

struct LoadedModule {
  std::vector<std::unique_ptr<Backend>> backends;  // empty when the module could not be loaded
  std::string reason;                              // why not
};

// Loads a module of either kind; never throws. The module stays loaded for the life of the
// process. The reason names the loader's own words (dlerror) where it failed there.
LoadedModule loadBackendModules(const std::string& path);
// The same, for a module with one backend (its first, where it has several).
LoadedBackend loadBackendModule(const std::string& path);

// Where the module named `name` ("cuda", "torch") is: $DETBENCH_<NAME>_MODULE if set, else
// ../kernels/<name>/libdetbench_<name>.so relative to the running executable (the build tree),
// else ../lib/detbench/libdetbench_<name>.so (an installed tree).
std::string defaultModulePath(std::string_view name);

}  // namespace detbench
