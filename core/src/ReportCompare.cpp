#include "detbench/ReportCompare.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "detbench/AtomicFile.hpp"
#include "detbench/Error.hpp"
#include "detbench/Format.hpp"
#include "detbench/Report.hpp"

namespace detbench {

namespace {

using json = nlohmann::json;

[[noreturn]] void malformed(const std::string& path, const std::string& why) {
  DETBENCH_THROW(InvalidArgument, path + " is not a detbench report: " + why);
}

ComparedEntry entryOf(const std::string& path, const json& doc, const json& set,
                      const std::string& label) {
  ComparedEntry e;
  e.file = path;
  e.label = label;
  const json& op = doc.at("op");
  e.op = op.at("name").get<std::string>();
  e.device = op.at("device").get<std::string>();
  e.host = doc.at("context").value("host", "");
  for (const auto& [k, v] : op.at("parameters").items()) {
    e.parameters += (e.parameters.empty() ? "" : ", ") + k + "=" + v.dump();
  }
  e.inputFingerprint = op.at("input_fingerprint").get<std::string>();
  e.failed = !set.at("errors").empty();
  for (const auto& d : set.at("summary").at("digests")) {
    std::uint64_t digest = 0;
    if (!parseDigest(d.at("digest").get<std::string>(), digest)) {
      malformed(path, "a digest is not 0x followed by 16 hex digits");
    }
    e.digests.push_back(digest);
  }
  return e;
}

}  // namespace

std::vector<ComparedEntry> loadComparedEntries(const std::string& path) {
  const std::string text = readFile(path);
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& ex) {
    malformed(path, std::string("invalid JSON (") + ex.what() + ")");
  }
  try {
    if (!doc.is_object() || !doc.contains("schema_version")) malformed(path, "no schema_version");
    const int version = doc.at("schema_version").get<int>();
    if (version != kReportSchemaVersion) {
      malformed(path, "schema version " + std::to_string(version) + " is not supported (expected " +
                          std::to_string(kReportSchemaVersion) + ")");
    }
    std::vector<ComparedEntry> entries;
    const std::string kind = doc.at("kind").get<std::string>();
    if (kind == "run") {
      entries.push_back(entryOf(path, doc, doc, "run"));
    } else if (kind == "sweep") {
      for (const auto& c : doc.at("configurations")) {
        entries.push_back(entryOf(path, doc, c, c.at("name").get<std::string>()));
      }
    } else {
      malformed(path, "unknown kind '" + kind + "'");
    }
    return entries;
  } catch (const json::exception& ex) {
    malformed(path, std::string("missing or mistyped field (") + ex.what() + ")");
  }
}

CompareResult compareEntries(std::vector<ComparedEntry> entries) {
  CompareResult r;
  r.entries = std::move(entries);
  for (std::size_t i = 0; i < r.entries.size(); ++i) {
    const auto& e = r.entries[i];
    if (e.op != r.entries.front().op || e.parameters != r.entries.front().parameters ||
        e.inputFingerprint != r.entries.front().inputFingerprint) {
      r.sameInputs = false;
    }
    if (e.failed || e.digests.empty()) continue;
    auto it = std::find_if(r.groups.begin(), r.groups.end(),
                           [&](const CompareGroup& g) { return g.digest == e.digests.front(); });
    if (it == r.groups.end())
      r.groups.push_back({e.digests.front(), {i}});
    else
      it->members.push_back(i);
  }
  r.allBitwiseEqual =
      r.sameInputs && r.groups.size() == 1 &&
      std::all_of(r.entries.begin(), r.entries.end(),
                  [](const ComparedEntry& e) { return !e.failed && e.digests.size() == 1; }) &&
      r.groups.front().members.size() == r.entries.size();
  return r;
}

}  // namespace detbench
