#include "detbench/backend/BackendModule.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <utility>

namespace detbench {

LoadedModule loadBackendModules(const std::string& path) {
  LoadedModule out;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    out.reason = "backend module " + path + " not found";
    return out;
  }
  // dlopen would block on a FIFO and read a device: only a regular file (or a link to one).
  if (!std::filesystem::is_regular_file(path, ec)) {
    out.reason = "backend module " + path + " is not a regular file";
    return out;
  }
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* err = ::dlerror();
    out.reason = std::string("cannot load ") + path + ": " + (err ? err : "unknown error");
    return out;
  }
  const std::string otherAbi =
      path + " was built for another module ABI than " + std::to_string(kBackendModuleAbi);
  if (void* many = ::dlsym(handle, kBackendsEntry); many != nullptr) {
    constexpr int kCapacity = 8;
    Backend* made[kCapacity] = {};
    const int n = reinterpret_cast<CreateBackendsFn>(many)(kBackendModuleAbi, made, kCapacity);
    for (int i = 0; i < n && i < kCapacity; ++i) {
      if (made[i] != nullptr) out.backends.emplace_back(made[i]);
    }
    if (n < 0) out.reason = otherAbi;
    if (n == 0) out.reason = path + " offers no device";
  } else if (void* one = ::dlsym(handle, kBackendEntry); one != nullptr) {
    Backend* backend = reinterpret_cast<CreateBackendFn>(one)(kBackendModuleAbi);
    if (backend != nullptr) {
      out.backends.emplace_back(backend);
    } else {
      out.reason = otherAbi;
    }
  } else {
    out.reason = path + " is not a detbench backend module (no " + kBackendEntry + ")";
  }
  if (out.backends.empty()) ::dlclose(handle);  // nothing from the module is in use
  return out;
}

LoadedBackend loadBackendModule(const std::string& path) {
  LoadedModule module = loadBackendModules(path);
  LoadedBackend out;
  out.reason = std::move(module.reason);
  if (!module.backends.empty()) out.backend = std::move(module.backends.front());
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
