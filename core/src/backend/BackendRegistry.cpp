#include "detbench/backend/BackendRegistry.hpp"

#include "detbench/base/Error.hpp"

namespace detbench {

void BackendRegistry::add(std::unique_ptr<Backend> backend) {
  backends_.push_back(std::move(backend));
}

void BackendRegistry::addUnavailable(std::string id, std::string reason) {
  unavailable_.emplace_back(std::move(id), std::move(reason));
}

std::vector<DeviceEntry> BackendRegistry::devices() const {
  std::vector<DeviceEntry> out;
  for (const auto& b : backends_) out.push_back({std::string(b->id()), b.get(), b->availability()});
  for (const auto& [id, reason] : unavailable_) out.push_back({id, nullptr, {false, reason}});
  return out;
}

Backend& BackendRegistry::get(std::string_view id) const {
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
