#include <cstdio>

#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/OpCatalog.hpp"
#include "detbench/OpDefinition.hpp"

namespace detbench::cli {

namespace {

nlohmann::ordered_json traitsJson(const DeviceTraits& t) {
  return {{"nondeterministic_by_default", t.nondeterministicByDefault},
          {"source", std::string(toString(t.source))},
          {"deterministic_mode", std::string(toString(t.errorMode))},
          {"detbench_extension", t.detbenchExtension},
          {"atomic_contrast", t.atomicContrast},
          {"pytorch_caller", t.pytorchCaller.empty()
                                 ? nlohmann::ordered_json(nullptr)
                                 : nlohmann::ordered_json(std::string(t.pytorchCaller))},
          {"note", std::string(t.note)}};
}

}  // namespace

int opsCommand(const CliStreams& io, bool json) {
  if (json) {
    nlohmann::ordered_json j;
    j["catalog_follows_pytorch"] = std::string(kCatalogRelease);
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (const auto& op : opCatalog()) {
      nlohmann::ordered_json o;
      o["name"] = std::string(op.name);
      o["pytorch"] = std::string(op.pytorchApi);
      o["summary"] = std::string(op.summary);
      o["cpu"] = traitsJson(op.cpu);
      o["cuda"] = traitsJson(op.cuda);
      o["cpu-threads"] = "follows cuda";
      nlohmann::ordered_json params = nlohmann::ordered_json::array();
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
    io.out << j.dump(2) << "\n";
    return kExitOk;
  }
  io.out << "Catalog (follows PyTorch " << kCatalogRelease
         << "). cpu: PyTorch's CPU kernels, all deterministic. cuda and cpu-threads:\n\n";
  char line[512];
  std::snprintf(line, sizeof line, "  %-30s %-17s %-16s %s\n", "op", "default", "source",
                "deterministic mode");
  io.out << line;
  for (const auto& op : opCatalog()) {
    const DeviceTraits& t = op.cuda;
    std::string mode;
    switch (t.errorMode) {
      case ErrorModeBehavior::Runs:
        mode = "runs as is";
        break;
      case ErrorModeBehavior::SwitchesToDeterministic:
        mode = "switches to deterministic";
        break;
      case ErrorModeBehavior::Raises:
        mode = "raises (warn: warns)";
        break;
    }
    if (t.detbenchExtension) mode += "; extension: deterministic";
    if (t.atomicContrast) mode += "; atomic contrast offered";
    std::snprintf(line, sizeof line, "  %-30s %-17s %-16s %s\n", std::string(op.name).c_str(),
                  t.nondeterministicByDefault ? "nondeterministic" : "deterministic",
                  std::string(toString(t.source)).c_str(), mode.c_str());
    io.out << line;
  }
  io.out << "\nParameters (NAME=default; set with --param NAME=VALUE, --size sets the first "
            "named):\n";
  for (const auto& def : opDefinitions()) {
    io.out << "  " << def->name() << ": " << def->sizeParam();
    for (const auto& p : def->params()) io.out << " " << p.name << "=" << p.defaultValue;
    io.out << "\n";
  }
  return kExitOk;
}

}  // namespace detbench::cli
