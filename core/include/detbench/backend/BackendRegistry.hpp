#pragma once
// The devices a process knows: backends registered by the application (the CPU ones) and the
// ones it could not load, each with the reason.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/backend/Backend.hpp"

namespace detbench {

struct DeviceEntry {
  std::string id;
  Backend* backend;  // null when the device could not be loaded
  Availability availability;
};

class BackendRegistry {
 public:
  void add(std::unique_ptr<Backend> backend);
  // A device that is known but cannot be used here, with the reason.
  void addUnavailable(std::string id, std::string reason);

  std::vector<DeviceEntry> devices() const;
  // The backend for `id`; raises InvalidArgument for an unknown device and NotAvailable (with
  // the reason) for one that cannot run here.
  Backend& get(std::string_view id) const;

 private:
  std::vector<std::unique_ptr<Backend>> backends_;
  std::vector<std::pair<std::string, std::string>> unavailable_;
};

}  // namespace detbench
