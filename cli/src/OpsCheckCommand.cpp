// `detbench ops --check DEVICE`: the catalog held against the PyTorch a torch device runs.

#include <cstdlib>
#include <iomanip>
#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "Interrupt.hpp"
#include "ReleaseOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/run/CatalogCheck.hpp"

namespace detbench::cli {

namespace {

using ojson = nlohmann::ordered_json;

ojson modeJson(const LibraryPrediction& predicted, LibraryOutcome observed) {
  return {{"catalog", std::string(toString(predicted.outcome))},
          {"observed", std::string(toString(observed))}};
}

ojson checkJson(const CatalogCheckResult& result) {
  ojson j;
  j["device"] = result.device;
  j["catalog_release"] = toString(result.release);
  j["cancelled"] = result.cancelled;
  ojson rows = ojson::array();
  for (const auto& r : result.rows) {
    ojson o{{"op", r.op}, {"checked", r.checked}};
    if (r.checked) {
      o["library"] = r.library;
      o["error_mode"] = modeJson(r.errorPredicted, r.errorObserved);
      o["warn_mode"] = modeJson(r.warnPredicted, r.warnObserved);
    }
    o["agrees"] = r.agrees();
    o["note"] = r.note;
    rows.push_back(o);
  }
  j["ops"] = rows;
  j["disagreements"] = result.disagreements();
  return j;
}

// "switches -> ran": the catalog's prediction, then what PyTorch did (a switch is silent, so it
// reads as running).
std::string cell(const LibraryPrediction& predicted, LibraryOutcome observed) {
  const char* did = observed == LibraryOutcome::Raises  ? "raised"
                    : observed == LibraryOutcome::Warns ? "warned"
                                                        : "ran";
  return std::string(toString(predicted.outcome)) + " -> " + did;
}

void printCheck(std::ostream& out, const CatalogCheckResult& result) {
  std::string library;
  for (const auto& r : result.rows) {
    if (!r.library.empty()) library = r.library;
  }
  out << "The catalog (PyTorch " << toString(result.release) << ") against " << library << " on "
      << result.device << ": each op once in error mode and once in warn mode\n\n";
  out << std::left << std::setw(32) << "op" << std::setw(28) << "error mode: catalog -> did"
      << std::setw(28) << "warn mode: catalog -> did"
      << "\n";
  int checked = 0;
  for (const auto& r : result.rows) {
    out << std::left << std::setw(32) << r.op;
    if (!r.checked) {
      out << "not checked: " << r.note << "\n";
      continue;
    }
    ++checked;
    out << std::setw(28) << cell(r.errorPredicted, r.errorObserved) << std::setw(28)
        << cell(r.warnPredicted, r.warnObserved) << (r.agrees() ? "" : "DISAGREES") << "\n";
  }
  out << "\n" << checked << " ops checked";
  const int n = result.disagreements();
  if (n == 0) {
    out << "; the catalog and " << library << " agree on every one";
  } else {
    out << "; " << n << (n == 1 ? " disagrees" : " disagree")
        << " (a switch is silent, so it reads as running):\n";
    for (const auto& r : result.rows) {
      if (r.agrees()) continue;
      out << "  " << r.op << ": the catalog says error mode " << toString(r.errorPredicted.outcome)
          << " and warn mode " << toString(r.warnPredicted.outcome) << "; " << r.library << " "
          << toString(r.errorObserved) << " and " << toString(r.warnObserved);
      if (!r.note.empty()) out << " (" << r.note << ")";
      out << "\n";
    }
  }
  out << (result.cancelled ? " (cancelled)\n" : "\n");
}

}  // namespace

int opsCheckCommand(const CliStreams& io, const OpsOptions& options) {
  const BackendRegistry registry = makeRegistry();
  const std::string& device = *options.check;
  Settings base;
  base.pytorch = releaseOption(options.pytorch);
  // As `run` does: the environment's CUBLAS_WORKSPACE_CONFIG (PyTorch 2.8 and 2.9 check it).
  if (const char* env = std::getenv("CUBLAS_WORKSPACE_CONFIG"); env && *env) {
    base.cublasWorkspaceConfig = WorkspaceConfig::parse(env);
  }
  if (!options.pytorch) {
    const auto info = registry.get(device).deviceInfo();
    if (const auto it = info.find("pytorch"); it != info.end()) {
      base.pytorch = chooseRelease(it->second, "the " + device + " device's libtorch").release;
    }
  }
  const TrialRunner runner(registry);
  ProgressBar bar(io.err, io.errIsTerminal, "");
  const CatalogCheckResult result = checkCatalog(
      runner, registry, device, base,
      [&bar](int done, int total, const std::string& op) {
        bar.setLabel("  " + op);
        bar.update(done, total);
      },
      &interruptToken());
  bar.finish();
  if (options.json) {
    io.out << checkJson(result).dump(2) << "\n";
  } else {
    printCheck(io.out, result);
  }
  if (result.cancelled) return kExitCancelled;
  return options.expectAgree && result.disagreements() > 0 ? kExitNotReproducible : kExitOk;
}

}  // namespace detbench::cli
