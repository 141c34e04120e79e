#include "Commands.hpp"
#include "detbench/DefaultRegistry.hpp"

namespace detbench::cli {

BackendRegistry makeRegistry() {
  return makeDefaultRegistry();
}

}  // namespace detbench::cli
