#pragma once
// The devices a process knows: backends registered by the application (the CPU ones), the ones
// it could not load, each with the reason, and devices of a module loaded on first use (the
// torch devices: loading libtorch costs most of a second and a few hundred megabytes; cuda:
// cuBLAS, cuDNN and the driver, a sixth of a second without a GPU; a run on another device
// pays neither).

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/backend/Backend.hpp"
#include "detbench/backend/BackendModule.hpp"

namespace detbench {

struct DeviceEntry {
  std::string id;
  Backend* backend;  // null when the device could not be loaded (or is not loaded yet)
  Availability availability;
  bool loaded = true;  // false for a device of an on-demand module not loaded yet
};

class BackendRegistry {
 public:
  BackendRegistry() = default;
  BackendRegistry(BackendRegistry&& other) noexcept;
  BackendRegistry& operator=(BackendRegistry&& other) noexcept;

  void add(std::unique_ptr<Backend> backend);
  // A device that is known but cannot be used here, with the reason.
  void addUnavailable(std::string id, std::string reason);
  // Devices `ids` of a module that `load` loads the first time one of them is asked for (get)
  // or loadAll() is called; an id the module does not offer is then unavailable with the
  // module's reason.
  void addOnDemand(std::vector<std::string> ids, std::function<LoadedModule()> load);
  // Loads every on-demand module now (listing what a machine has: `detbench env`, the GUI).
  void loadAll() const;

  // Every device; one of an on-demand module not loaded yet has loaded = false.
  std::vector<DeviceEntry> devices() const;
  // The backend for `id` (loading its module if needed); raises InvalidArgument for an unknown
  // device and NotAvailable (with the reason) for one that cannot run here.
  Backend& get(std::string_view id) const;

 private:
  struct OnDemand {
    std::vector<std::string> ids;
    std::function<LoadedModule()> load;
    bool loaded = false;
  };
  void loadLocked(OnDemand& module) const;

  // Loading on demand changes what a const registry holds; the mutex makes it safe from the
  // worker threads that run trials.
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<Backend>> backends_;
  mutable std::vector<std::pair<std::string, std::string>> unavailable_;
  mutable std::vector<OnDemand> onDemand_;
};

}  // namespace detbench
