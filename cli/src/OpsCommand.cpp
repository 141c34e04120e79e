#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "ReleaseOption.hpp"
#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench::cli {

namespace {

using ojson = nlohmann::ordered_json;

// Text of one entry a line as a JSON array.
ojson linesJson(std::string_view text) {
  ojson lines = ojson::array();
  while (!text.empty()) {
    const auto end = text.find('\n');
    lines.push_back(std::string(text.substr(0, end)));
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return lines;
}

ojson traitsJson(const DeviceTraits& t) {
  return {{"nondeterministic_by_default", t.nondeterministicByDefault},
          {"source", std::string(toString(t.source))},
          {"deterministic_mode", std::string(toString(t.errorMode))},
          {"detbench_extension", t.detbenchExtension},
          {"atomic_contrast", t.atomicContrast},
          {"pytorch_caller",
           t.pytorchCaller.empty() ? ojson(nullptr) : ojson(std::string(t.pytorchCaller))},
          {"note", std::string(t.note)},
          {"docstring", linesJson(t.docstring)},
          {"docstring_differs", t.docstringDiffers}};
}

// The detbench devices with kernels for the op.
std::vector<std::string> devicesOf(std::string_view op) {
  static constexpr std::array<const char*, 3> kNames{"cpu", "cpu-threads", "cuda"};
  const auto has = opKernelDevices(op);
  std::vector<std::string> devices;
  for (std::size_t i = 0; i < has.size(); ++i) {
    if (has[i]) devices.emplace_back(kNames[i]);
  }
  return devices;
}

std::string devicesText(std::string_view op) {
  std::string text;
  for (const auto& d : devicesOf(op)) text += (text.empty() ? "" : " ") + d;
  return text.empty() ? std::string("none (catalog only)") : text;
}

// The devices that run a library's own kernels (torch-cpu, torch-cuda) in this build, loaded.
std::vector<const DeviceEntry*> libraryDevices(const std::vector<DeviceEntry>& all) {
  std::vector<const DeviceEntry*> found;
  for (const DeviceEntry& d : all) {
    if (d.backend && d.backend->runsLibraryDispatch()) found.push_back(&d);
  }
  return found;
}

std::vector<std::string> libraryDevicesOf(std::string_view op,
                                          const std::vector<const DeviceEntry*>& library) {
  std::vector<std::string> ids;
  for (const DeviceEntry* d : library) {
    if (d->backend->supports(op)) ids.push_back(d->id);
  }
  return ids;
}

std::string howChosen(const std::optional<std::string>& option) {
  return option ? std::string("--pytorch") : defaultPyTorchRelease().how;
}

ojson catalogJson(PyTorchRelease release, const std::string& how,
                  const std::vector<const DeviceEntry*>& library) {
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
    o["devices"] = devicesOf(op.name);
    o["library_devices"] = libraryDevicesOf(op.name, library);
    o["cpu"] = traitsJson(op.cpu);
    o["cpu"]["fact_source"] = std::string(op.cpuSource);
    o["cuda"] = traitsJson(op.cuda);
    o["cuda"]["cublas_workspace_check"] = op.cublasWorkspaceCheck;
    o["cuda"]["since"] = toString(op.cudaSince);
    o["cuda"]["fact_source"] = std::string(op.cudaSource);
    o["cpu-threads"] = "follows cuda";
    if (!op.mps.empty()) o["mps"] = {{"docstring", linesJson(op.mps)}};
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
  if (t.errorMode == ErrorModeBehavior::Runs && t.nondeterministicByDefault)
    mode += " (PyTorch does not check it)";
  if (op.cublasWorkspaceCheck) mode += "; checks CUBLAS_WORKSPACE_CONFIG";
  if (t.detbenchExtension) mode += "; extension: deterministic";
  if (t.atomicContrast) mode += "; atomic contrast offered";
  return mode;
}

void printCatalog(const CliStreams& io, PyTorchRelease release, const std::string& how,
                  const std::vector<const DeviceEntry*>& library) {
  io.out << "Catalog for PyTorch " << toString(release) << " (" << how
         << "). PyTorch's CUDA traits, which cuda and cpu-threads follow:\n\n";
  char line[640];
  std::snprintf(line, sizeof line, "  %-31s %-21s %-17s %-20s %s\n", "op", "detbench devices",
                "default", "source", "deterministic mode");
  io.out << line;
  for (const auto& op : opCatalog(release)) {
    const DeviceTraits& t = op.cuda;
    std::snprintf(line, sizeof line, "  %-31s %-21s %-17s %-20s %s\n", std::string(op.name).c_str(),
                  devicesText(op.name).c_str(),
                  t.nondeterministicByDefault ? "nondeterministic" : "deterministic",
                  std::string(toString(t.source)).c_str(), modeText(op).c_str());
    io.out << line;
  }
  io.out << "\ncpu follows PyTorch's CPU kernels, deterministic except:\n";
  for (const auto& op : opCatalog(release)) {
    const DeviceTraits& t = op.cpu;
    if (!t.nondeterministicByDefault && t.errorMode == ErrorModeBehavior::Runs) continue;
    io.out << "  " << op.name << ": "
           << (t.nondeterministicByDefault
                   ? "nondeterministic (" + std::string(toString(t.source)) + ")"
                   : std::string("deterministic"))
           << "; deterministic mode " << describe(t.errorMode);
    if (!t.pytorchCaller.empty()) io.out << " (" << t.pytorchCaller << ")";
    io.out << "\n";
  }
  io.out << "\ndetbench devices: those with kernels for the op (cpu alone: the sequential "
            "reference, PyTorch's CPU order). MPS, which detbench does not have: `--json` gives "
            "the docstring's entries.\n";
  for (const DeviceEntry* d : library) {
    int offered = 0;
    int ops = 0;
    std::string without;
    for (const auto& op : opCatalog(release)) {
      ++ops;
      if (d->backend->supports(op.name)) {
        ++offered;
      } else {
        without += (without.empty() ? "" : ", ") + std::string(op.name);
      }
    }
    io.out << d->id << " (the library's own kernels";
    if (!d->availability.available) io.out << "; not available here";
    io.out << ") runs " << offered << " of the " << ops << " ops"
           << (without.empty() ? std::string() : ", all but " + without) << ".\n";
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
      ojson sources = ojson::array();
      for (const auto source : c.sources) sources.push_back(std::string(source));
      list.push_back({{"op", std::string(c.after->name)},
                      {"device", "cuda"},
                      {"changed_in", in},
                      {"differences", c.differences},
                      {"source", std::string(c.after->cudaSource)},
                      {"sources", sources}});
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
    for (std::size_t k = 0; k < c.changedIn.size(); ++k) {
      io.out << "    source";
      if (c.changedIn.size() > 1) io.out << " (" << toString(c.changedIn[k]) << ")";
      io.out << ": " << c.sources[k] << "\n";
    }
  }
  return kExitOk;
}

}  // namespace

int opsCommand(const CliStreams& io, const OpsOptions& options) {
  if (options.changes) return changesCommand(io, *options.changes, options.json);
  const PyTorchRelease release = releaseOption(options.pytorch);
  const std::string how = howChosen(options.pytorch);
  const BackendRegistry registry = makeRegistry();
  registry.loadAll();
  const std::vector<DeviceEntry> all = registry.devices();
  const std::vector<const DeviceEntry*> library = libraryDevices(all);
  if (options.json) {
    io.out << catalogJson(release, how, library).dump(2) << "\n";
    return kExitOk;
  }
  printCatalog(io, release, how, library);
  return kExitOk;
}

}  // namespace detbench::cli
