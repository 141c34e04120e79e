#pragma once
// The devices the workbench tests run on: the default registry, made once a process.

#include <memory>

#include "detbench/DefaultRegistry.hpp"
#include "detbench/backend/BackendRegistry.hpp"

namespace detbench::gui {

inline std::shared_ptr<const BackendRegistry> registry() {
  static auto r = std::make_shared<const BackendRegistry>(makeDefaultRegistry());
  return r;
}

}  // namespace detbench::gui
