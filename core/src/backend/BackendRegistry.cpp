#include "detbench/backend/BackendRegistry.hpp"

#include <algorithm>
#include <utility>

#include "detbench/base/Error.hpp"

namespace detbench {

BackendRegistry::BackendRegistry(BackendRegistry&& other) noexcept {
  *this = std::move(other);
}

BackendRegistry& BackendRegistry::operator=(BackendRegistry&& other) noexcept {
  if (this == &other) return *this;
  std::scoped_lock lock(mutex_, other.mutex_);
  backends_ = std::move(other.backends_);
  unavailable_ = std::move(other.unavailable_);
  onDemand_ = std::move(other.onDemand_);
  return *this;
}

void BackendRegistry::add(std::unique_ptr<Backend> backend) {
  std::lock_guard lock(mutex_);
  backends_.push_back(std::move(backend));
}

void BackendRegistry::addUnavailable(std::string id, std::string reason) {
  std::lock_guard lock(mutex_);
  unavailable_.emplace_back(std::move(id), std::move(reason));
}

void BackendRegistry::addOnDemand(std::vector<std::string> ids,
                                  std::function<LoadedModule()> load) {
  std::lock_guard lock(mutex_);
  onDemand_.push_back({std::move(ids), std::move(load), false});
}

void BackendRegistry::loadLocked(OnDemand& module) const {
  if (module.loaded) return;
  module.loaded = true;
  LoadedModule loaded;
  try {
    loaded = module.load();
  } catch (const std::exception& e) {
    loaded.backends.clear();
    loaded.reason = e.what();
  }
  for (const std::string& id : module.ids) {
    const auto it = std::find_if(loaded.backends.begin(), loaded.backends.end(),
                                 [&](const auto& b) { return b && b->id() == id; });
    if (it != loaded.backends.end()) {
      backends_.push_back(std::move(*it));
    } else {
      unavailable_.emplace_back(
          id, loaded.reason.empty() ? "the module that offers it does not have it" : loaded.reason);
    }
  }
}

void BackendRegistry::loadAll() const {
  std::lock_guard lock(mutex_);
  for (OnDemand& module : onDemand_) loadLocked(module);
}

std::vector<DeviceEntry> BackendRegistry::devices() const {
  std::lock_guard lock(mutex_);
  std::vector<DeviceEntry> out;
  for (const auto& b : backends_) out.push_back({std::string(b->id()), b.get(), b->availability()});
  for (const auto& [id, reason] : unavailable_) out.push_back({id, nullptr, {false, reason}});
  for (const OnDemand& module : onDemand_) {
    if (module.loaded) continue;
    for (const std::string& id : module.ids) {
      out.push_back({id, nullptr, {false, "not loaded yet (loaded on first use)"}, false});
    }
  }
  return out;
}

Backend& BackendRegistry::get(std::string_view id) const {
  {
    std::lock_guard lock(mutex_);
    for (OnDemand& module : onDemand_) {
      if (std::find(module.ids.begin(), module.ids.end(), id) != module.ids.end()) {
        loadLocked(module);
      }
    }
  }
  for (const auto& entry : devices()) {
    if (entry.id != id) continue;
    if (!entry.availability.available || entry.backend == nullptr) {
      DETBENCH_THROW(NotAvailable,
                     "device " + entry.id + " is not available: " + entry.availability.reason);
    }
    return *entry.backend;
  }
  std::string names;
  for (const auto& entry : devices()) names += (names.empty() ? "" : ", ") + entry.id;
  DETBENCH_THROW(InvalidArgument, "unknown device '" + std::string(id) + "'; devices: " + names);
}

}  // namespace detbench
