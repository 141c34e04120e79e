#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/report/Format.hpp"

namespace detbench::cli {

int compareCommand(const CliStreams& io, const std::vector<std::string>& files, bool json,
                   bool expectEqual) {
  DETBENCH_CHECK_ARG(!files.empty(), "compare needs at least one report");
  std::vector<ComparedEntry> entries;
  for (const auto& f : files) {
    auto e = loadComparedEntries(f);
    entries.insert(entries.end(), e.begin(), e.end());
  }
  const CompareResult result = compareEntries(std::move(entries));
  if (json) {
    nlohmann::ordered_json j;
    j["same_inputs"] = result.sameInputs;
    j["all_bitwise_equal"] = result.allBitwiseEqual;
    nlohmann::ordered_json es = nlohmann::ordered_json::array();
    for (const auto& e : result.entries) {
      nlohmann::ordered_json d = nlohmann::ordered_json::array();
      for (auto g : e.digests) d.push_back(formatDigest(g));
      es.push_back({{"file", e.file},
                    {"label", e.label},
                    {"op", e.op},
                    {"device", e.device},
                    {"host", e.host},
                    {"device_name", e.deviceName},
                    {"via", e.viaRemote},
                    {"input_fingerprint", e.inputFingerprint},
                    {"failed", e.failed},
                    {"digests", d}});
    }
    j["entries"] = es;
    nlohmann::ordered_json gs = nlohmann::ordered_json::array();
    for (const auto& g : result.groups) {
      nlohmann::ordered_json m = nlohmann::ordered_json::array();
      for (auto i : g.members) m.push_back(i);
      gs.push_back({{"digest", formatDigest(g.digest)}, {"members", m}});
    }
    j["groups"] = gs;
    io.out << j.dump(2) << "\n";
  } else {
    printCompare(io.out, result);
  }
  return (expectEqual && !result.allBitwiseEqual) ? kExitNotReproducible : kExitOk;
}

}  // namespace detbench::cli
