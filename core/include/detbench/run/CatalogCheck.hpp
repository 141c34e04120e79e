#pragma once
// Holds the catalog against a library: every op a device that runs a library's own dispatch
// offers (the torch devices) runs briefly in error mode and in warn mode, and what the library
// did (raised, warned, ran) is set beside what the catalog predicts for that release and device
// class. The rows where the two part are the catalog's open questions for that release.

#include <functional>
#include <string>
#include <vector>

#include "detbench/run/TrialRunner.hpp"

namespace detbench {

struct CatalogCheckRow {
  std::string op;
  bool checked = false;  // false: the op could not run here (the reason is in `note`)
  LibraryPrediction errorPredicted, warnPredicted;
  LibraryOutcome errorObserved = LibraryOutcome::Runs;
  LibraryOutcome warnObserved = LibraryOutcome::Runs;
  std::string library;  // "PyTorch 1.13.0"
  std::string note;     // why it was not checked, or the library's words where it raised
  bool agrees() const;
};

struct CatalogCheckResult {
  std::string device;
  PyTorchRelease release;  // the catalog release that predicted
  std::vector<CatalogCheckRow> rows;
  bool cancelled = false;
  int disagreements() const;
};

// Runs each op the device supports (in the catalog's order) once in error mode and once in warn
// mode, with the op's default parameters, one trial, no warm-up, on data seed `dataSeed`.
// Raises InvalidArgument for a device that does not run a library's dispatch.
CatalogCheckResult checkCatalog(const TrialRunner& runner, const BackendRegistry& registry,
                                const std::string& device, const Settings& base,
                                const std::function<void(int, int, const std::string&)>& progress,
                                const CancelToken* cancel = nullptr);

}  // namespace detbench
