#include "detbench/run/CatalogCheck.hpp"

#include <algorithm>

#include "detbench/base/Error.hpp"

namespace detbench {

namespace {

// A silent switch and a silent run look the same from outside.
bool sameOutcome(LibraryOutcome predicted, LibraryOutcome observed) {
  const auto quiet = [](LibraryOutcome o) {
    return o == LibraryOutcome::Runs || o == LibraryOutcome::Switches;
  };
  return quiet(predicted) ? quiet(observed) : predicted == observed;
}

}  // namespace

bool CatalogCheckRow::agrees() const {
  return !checked || (sameOutcome(errorPredicted.outcome, errorObserved) &&
                      sameOutcome(warnPredicted.outcome, warnObserved));
}

int CatalogCheckResult::disagreements() const {
  return static_cast<int>(std::count_if(rows.begin(), rows.end(),
                                        [](const CatalogCheckRow& r) { return !r.agrees(); }));
}

CatalogCheckResult checkCatalog(const TrialRunner& runner, const BackendRegistry& registry,
                                const std::string& device, const Settings& base,
                                const std::function<void(int, int, const std::string&)>& progress,
                                const CancelToken* cancel) {
  const Backend& backend = registry.get(device);
  DETBENCH_CHECK_ARG(backend.runsLibraryDispatch(),
                     "the catalog check runs on a device that runs a library's own dispatch "
                     "(torch-cpu, torch-cuda), not " +
                         device);
  CatalogCheckResult result;
  result.device = device;
  result.release = base.pytorch;
  std::vector<const OpTraits*> ops;
  for (const OpTraits& op : opCatalog(base.pytorch)) {
    if (backend.supports(op.name)) ops.push_back(&op);
  }
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (cancel && cancel->cancelled()) {
      result.cancelled = true;
      break;
    }
    const OpTraits& op = *ops[i];
    if (progress) progress(static_cast<int>(i), static_cast<int>(ops.size()), std::string(op.name));
    CatalogCheckRow row;
    row.op = std::string(op.name);
    RunRequest request;
    request.op = row.op;
    request.device = device;
    request.trials = 1;
    request.warmup = 0;
    request.settings = base;
    request.settings.form = FormRequest::Default;
    request.settings.semantics = CatalogSemantics::PyTorch;
    request.label = "check";
    try {
      const PreparedInputs inputs = runner.prepare(request, 2);
      for (const DeterministicMode mode : {DeterministicMode::Error, DeterministicMode::Warn}) {
        request.settings.deterministic = mode;
        const RunResult r = runner.run(request, inputs);
        const bool error = mode == DeterministicMode::Error;
        if (!r.libraryCheck) {
          row.note = r.errors.empty() ? "no outcome" : r.errors.front().message;
          throw NotAvailable(row.note, __FILE__, __LINE__);
        }
        const LibraryPrediction p = predictLibrary(op, backend.traitsClass(), request.settings);
        (error ? row.errorPredicted : row.warnPredicted) = p;
        (error ? row.errorObserved : row.warnObserved) = r.libraryCheck->observed;
        row.library = r.libraryCheck->library;
        if (error && r.raisedNondeterministic()) row.note = r.errors.front().message;
      }
      row.checked = true;
    } catch (const Error& e) {
      row.checked = false;
      row.note = e.message();
    }
    result.rows.push_back(std::move(row));
  }
  return result;
}

}  // namespace detbench
