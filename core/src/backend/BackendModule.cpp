#include "detbench/backend/BackendModule.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace detbench {

LoadedBackend loadBackendModule(const std::string& path) {
  LoadedBackend out;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    out.reason = "backend module " + path + " not found";
    return out;
  }
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* err = ::dlerror();
    out.reason = std::string("cannot load ") + path + ": " + (err ? err : "unknown error");
    return out;
  }
  void* symbol = ::dlsym(handle, kBackendEntry);
  Backend* backend = nullptr;
  if (symbol == nullptr) {
    out.reason = path + " is not a detbench backend module (no " + kBackendEntry + ")";
  } else if (backend = reinterpret_cast<CreateBackendFn>(symbol)(kBackendModuleAbi);
             backend == nullptr) {
    out.reason =
        path + " was built for another module ABI than " + std::to_string(kBackendModuleAbi);
  }
  if (backend == nullptr) {
    ::dlclose(handle);  // nothing from the module is in use
    return out;
  }
  out.backend.reset(backend);
  return out;
}

std::string defaultModulePath(std::string_view name) {
  std::string upper(name);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (const char* env = std::getenv(("DETBENCH_" + upper + "_MODULE").c_str()); env && *env) {
    return env;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const std::string file = "libdetbench_" + std::string(name) + ".so";
  if (ec) return file;
  const fs::path root = exe.parent_path().parent_path();
  const fs::path buildTree = root / "kernels" / std::string(name) / file;
  if (fs::exists(buildTree, ec)) return buildTree.string();
  return (root / "lib" / "detbench" / file).string();
}

}  // namespace detbench
