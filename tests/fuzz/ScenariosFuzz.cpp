// libFuzzer target: the teaching scenarios' data format.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "detbench/base/Error.hpp"
#include "detbench/demo/Scenario.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    detbench::demo::parseScenarios(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const detbench::Error&) {
  }
  return 0;
}
