#pragma once
// Reads reports written on different runs or machines and says which outputs are bitwise equal.

#include <cstdint>
#include <string>
#include <vector>

#include "detbench/report/Report.hpp"

namespace detbench {

// One trial set found in a report (a run, or one configuration of a sweep).
struct ComparedEntry {
  std::string file;
  std::string label;
  std::string op;
  std::string device;
  std::string host;
  std::string deviceName;  // the GPU's name where the report's context has one ("NVIDIA H100 ...")
  std::string viaRemote;   // "ssh user@host" for a run made from another machine (--host)
  std::string parameters;  // canonical "k=v, ..." text
  std::string inputFingerprint;
  std::vector<std::uint64_t> digests;  // distinct output digests, trial 0's first
  int trials = 0;                      // recorded trials (0: the op raised, or was cancelled)
  bool failed = false;
};

// Reads every trial set of a report (through readReportFile, so the same checks apply).
// Raises IoError for an unreadable file and InvalidArgument for one that is not a detbench
// report of a supported schema version.
std::vector<ComparedEntry> loadComparedEntries(const std::string& path);
// The same for a report in memory; `name` stands for its file.
std::vector<ComparedEntry> comparedEntries(const std::string& name, const ReportDocument& doc);

struct CompareGroup {
  std::uint64_t digest;              // trial 0's output digest shared by the group
  std::vector<std::size_t> members;  // indices into the entries
};

struct CompareResult {
  std::vector<ComparedEntry> entries;
  bool sameInputs = true;            // every entry ran the same op on the same input fingerprint
  std::vector<CompareGroup> groups;  // entries grouped by trial 0's output digest (entries
                                     // without a trial belong to none)
  bool allBitwiseEqual = false;      // one group, and every entry reproducible with that digest
};

CompareResult compareEntries(std::vector<ComparedEntry> entries);

}  // namespace detbench
