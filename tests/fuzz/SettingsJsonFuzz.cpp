// libFuzzer target: the settings JSON (as projects and reports carry it). Accepted settings
// survive a round trip unchanged.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/settings/SettingsJson.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace detbench;
  Settings settings;
  try {
    settings = settingsFromJson(
        parseJson(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz"));
  } catch (const Error&) {
    return 0;
  }
  if (!(settingsFromJson(settingsToJson(settings)) == settings)) std::abort();
  return 0;
}
