#include "detbench/report/ReportCompare.hpp"

#include <algorithm>

#include "detbench/base/Error.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJsonReader.hpp"

namespace detbench {

namespace {

ComparedEntry entryOf(const std::string& path, const ReportDocument& doc, const RunResult& r) {
  ComparedEntry e;
  e.file = path;
  e.label = r.label;
  e.op = r.op;
  e.device = r.device;
  e.host = doc.context.host;
  for (const auto& d : doc.context.devices) {
    if (d.id != r.device) continue;
    for (const auto& [k, v] : d.info) {
      if (k == "name") e.deviceName = v;
    }
  }
  if (doc.viewer) e.viaRemote = doc.viewer->remote;
  for (const auto& [k, v] : r.params) {
    e.parameters += (e.parameters.empty() ? "" : ", ") + k + "=" + std::to_string(v);
  }
  e.inputFingerprint = formatDigest(r.inputFingerprint);
  e.failed = r.failed();
  e.trials = static_cast<int>(r.trials.size());
  for (const auto& d : r.summary.digests) e.digests.push_back(d.digest);
  return e;
}

}  // namespace

std::vector<ComparedEntry> loadComparedEntries(const std::string& path) {
  const ReportDocument doc = readReportFile(path);
  if (doc.runs.empty()) DETBENCH_THROW(InvalidArgument, path + ": the report holds no run");
  return comparedEntries(path, doc);
}

std::vector<ComparedEntry> comparedEntries(const std::string& name, const ReportDocument& doc) {
  std::vector<ComparedEntry> entries;
  for (const auto& r : doc.runs) entries.push_back(entryOf(name, doc, r));
  return entries;
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
      !r.entries.empty() && r.sameInputs && r.groups.size() == 1 &&
      std::all_of(r.entries.begin(), r.entries.end(),
                  [](const ComparedEntry& e) { return !e.failed && e.digests.size() == 1; }) &&
      r.groups.front().members.size() == r.entries.size();
  return r;
}

}  // namespace detbench
