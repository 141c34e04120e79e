#include <cstdio>

#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "ReleaseOption.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::cli {

namespace {

using ojson = nlohmann::ordered_json;

ojson traitsJson(const DeviceTraits& t) {
  return {{"nondeterministic_by_default", t.nondeterministicByDefault},
          {"source", std::string(toString(t.source))},
          {"deterministic_mode", std::string(toString(t.errorMode))},
          {"detbench_extension", t.detbenchExtension},
          {"atomic_contrast", t.atomicContrast},
          {"pytorch_caller",
           t.pytorchCaller.empty() ? ojson(nullptr) : ojson(std::string(t.pytorchCaller))},
          {"note", std::string(t.note)}};
}

std::string howChosen(const std::optional<std::string>& option) {
  return option ? std::string("--pytorch") : defaultPyTorchRelease().how;
}

ojson catalogJson(PyTorchRelease release, const std::string& how) {
  ojson j;
  j["pytorch"] = toString(release);
  j["pytorch_chosen_by"] = how;
  ojson releases = ojson::array();
  for (const PyTorchRelease r : catalogReleases()) releases.push_back(toString(r));
  j["catalog_releases"] = releases;
  ojson ops = ojson::array();
  for (const auto& op : opCatalog(release)) {
    ojson o;
    o["name"] = std::string(op.name);
    o["pytorch"] = std::string(op.pytorchApi);
    o["summary"] = std::string(op.summary);
    o["cpu"] = traitsJson(op.cpu);
    o["cuda"] = traitsJson(op.cuda);
    o["cuda"]["cublas_workspace_check"] = op.cublasWorkspaceCheck;
    o["cuda"]["since"] = toString(op.cudaSince);
    o["cuda"]["fact_source"] = std::string(op.cudaSource);
    o["cpu-threads"] = "follows cuda";
    if (!op.batchInvariance.empty()) o["batch_invariance"] = std::string(op.batchInvariance);
    ojson params = ojson::array();
    if (const auto* def = findOpDefinition(op.name)) {
      for (const auto& p : def->params()) {
        params.push_back({{"name", p.name},
                          {"default", p.defaultValue},
                          {"min", p.min},
                          {"max", p.max},
                          {"help", p.help}});
      }
      o["size_parameter"] = std::string(def->sizeParam());
    }
    o["parameters"] = params;
    ops.push_back(o);
  }
  j["ops"] = ops;
  return j;
}

std::string modeText(const OpTraits& op) {
  const DeviceTraits& t = op.cuda;
  std::string mode(describe(t.errorMode));
  if (op.cublasWorkspaceCheck) mode += "; checks CUBLAS_WORKSPACE_CONFIG";
  if (t.detbenchExtension) mode += "; extension: deterministic";
  if (t.atomicContrast) mode += "; atomic contrast offered";
  return mode;
}

void printCatalog(const CliStreams& io, PyTorchRelease release, const std::string& how) {
  io.out << "Catalog for PyTorch " << toString(release) << " (" << how
         << "). cpu: PyTorch's CPU kernels, all deterministic. cuda and cpu-threads:\n\n";
  char line[512];
  std::snprintf(line, sizeof line, "  %-30s %-17s %-16s %s\n", "op", "default", "source",
                "deterministic mode");
  io.out << line;
  for (const auto& op : opCatalog(release)) {
    const DeviceTraits& t = op.cuda;
    std::snprintf(line, sizeof line, "  %-30s %-17s %-16s %s\n", std::string(op.name).c_str(),
                  t.nondeterministicByDefault ? "nondeterministic" : "deterministic",
                  std::string(toString(t.source)).c_str(), modeText(op).c_str());
    io.out << line;
  }
  io.out << "\nAcross batch sizes (detbench invariance --batches):\n";
  for (const auto& op : opCatalog(release)) {
    if (!op.batchInvariance.empty())
      io.out << "  " << op.name << ": " << op.batchInvariance << "\n";
  }
  io.out << "\nParameters (NAME=default; set with --param NAME=VALUE, --size sets the first "
            "named):\n";
  for (const auto& def : opDefinitions()) {
    io.out << "  " << def->name() << ": " << def->sizeParam();
    for (const auto& p : def->params()) io.out << " " << p.name << "=" << p.defaultValue;
    io.out << "\n";
  }
  io.out << "\nOther releases: --pytorch X.Y; what changed: --changes FROM..TO (the catalog "
            "holds ";
  bool first = true;
  for (const PyTorchRelease r : catalogReleases()) {
    io.out << (first ? "" : ", ") << toString(r);
    first = false;
  }
  io.out << ").\n";
}

int changesCommand(const CliStreams& io, const std::string& range, bool json) {
  const auto [from, to] = releaseRangeOption(range);
  const auto changes = catalogChanges(from, to);
  if (json) {
    ojson j;
    j["from"] = toString(from);
    j["to"] = toString(to);
    ojson list = ojson::array();
    for (const auto& c : changes) {
      ojson in = ojson::array();
      for (const PyTorchRelease r : c.changedIn) in.push_back(toString(r));
      list.push_back({{"op", std::string(c.after->name)},
                      {"device", "cuda"},
                      {"changed_in", in},
                      {"differences", c.differences},
                      {"source", std::string(c.after->cudaSource)}});
    }
    j["changes"] = list;
    io.out << j.dump(2) << "\n";
    return kExitOk;
  }
  io.out << "What the catalog says changed from PyTorch " << toString(from) << " to "
         << toString(to) << " (cuda and cpu-threads; PyTorch's CPU kernels did not change):\n";
  if (changes.empty()) io.out << "\n  nothing\n";
  for (const auto& c : changes) {
    io.out << "\n  " << c.after->name << " (in";
    for (const PyTorchRelease r : c.changedIn) io.out << " " << toString(r);
    io.out << ")\n";
    for (const auto& d : c.differences) io.out << "    " << d << "\n";
    io.out << "    source: " << c.after->cudaSource << "\n";
  }
  return kExitOk;
}

}  // namespace

int opsCommand(const CliStreams& io, const OpsOptions& options) {
  if (options.changes) return changesCommand(io, *options.changes, options.json);
  const PyTorchRelease release = releaseOption(options.pytorch);
  const std::string how = howChosen(options.pytorch);
  if (options.json) {
    io.out << catalogJson(release, how).dump(2) << "\n";
    return kExitOk;
  }
  printCatalog(io, release, how);
  return kExitOk;
}

}  // namespace detbench::cli
