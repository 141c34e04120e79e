// libFuzzer target: the serve protocol's messages as `detbench serve --stdio` reads them. Each
// line of the input is one message to a session. Every line is answered (at most one error
// for a line that cannot be served), every answer is one JSON line of bounded size, and
// nothing crashes, leaks or recurses without bound. The session's
// devices are all unavailable, so a request that passes every check is refused at its device
// instead of running trials; `env` and `demo` lines (which collect the environment, or run a
// scenario) are passed over.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/ProtocolMessages.hpp"
#include "detbench/remote/ServeSession.hpp"

namespace {

const detbench::BackendRegistry& registry() {
  static const detbench::BackendRegistry r = [] {
    detbench::BackendRegistry unavailable;
    for (const char* id : {"cpu", "cpu-threads", "cuda"}) {
      unavailable.addUnavailable(id, "not in the fuzz target");
    }
    return unavailable;
  }();
  return r;
}

// Whether the line is a message the target passes over.
bool passedOver(std::string_view line) {
  nlohmann::ordered_json m;
  try {
    m = detbench::remote::parseMessage(line);
  } catch (const detbench::Error&) {
    return false;
  }
  if (!m.is_object()) return false;
  const auto type = m.find("type");
  return type != m.end() && type->is_string() && (*type == "env" || *type == "demo");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace detbench::remote;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> out;
  {
    ServeSession session(registry(), [&out](const std::string& line) {
      out.push_back(line);
      return true;
    });
    std::size_t from = 0;
    while (from <= text.size()) {
      std::size_t nl = text.find('\n', from);
      if (nl == std::string_view::npos) nl = text.size();
      const std::string line(text.substr(from, nl - from));
      from = nl + 1;
      if (line.size() > kMaxLineBytes || passedOver(line)) continue;
      if (!session.handleLine(line)) break;
    }
    session.finish();
  }
  for (const std::string& line : out) {
    // One JSON object a line; an error's message never carries more than a little of what it
    // refuses.
    if (line.find('\n') != std::string::npos) std::abort();
    const auto m = nlohmann::json::parse(line, nullptr, false);
    if (m.is_discarded() || !m.is_object() || !m.contains("type")) std::abort();
    if (m["type"] == "error" && (!m.contains("message") || !m["message"].is_string() ||
                                 m["message"].get_ref<const std::string&>().size() > 2051)) {
      std::abort();
    }
  }
  return 0;
}
