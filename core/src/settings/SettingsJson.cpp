#include "detbench/settings/SettingsJson.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/io/JsonFields.hpp"

namespace detbench {

using json = nlohmann::ordered_json;

namespace {

// "unknown WHAT 'VALUE'", appended piece by piece: GCC 12 warns falsely (-Warray-bounds) on a
// chain of operator+ here.
std::string unknown(const char* what, const std::string& value) {
  std::string m("unknown ");
  m.append(what).append(" '").append(value).append("'");
  return m;
}

}  // namespace

json settingsToJson(const Settings& s) {
  json j;
  j["seed"] = s.seed ? json(*s.seed) : json(nullptr);
  j["cudnn_benchmark"] = s.cudnnBenchmark;
  j["cudnn_deterministic"] = s.cudnnDeterministic;
  j["deterministic_algorithms"] = std::string(toString(s.deterministic));
  j["cublas_workspace_config"] =
      s.cublasWorkspaceConfig ? json(s.cublasWorkspaceConfig->text) : json(nullptr);
  j["fill_uninitialized_memory"] = s.fillUninitializedMemory;
  j["threads"] = s.threads;
  j["semantics"] = std::string(toString(s.semantics));
  j["form"] = std::string(toString(s.form));
  j["pytorch"] = toString(s.pytorch);
  return j;
}

Settings settingsFromJson(const json& j) {
  try {
    Settings s;
    if (!j.at("seed").is_null()) s.seed = integerOf<std::uint64_t>(j.at("seed"), "seed");
    s.cudnnBenchmark = j.at("cudnn_benchmark").get<bool>();
    s.cudnnDeterministic = j.at("cudnn_deterministic").get<bool>();
    const auto mode = j.at("deterministic_algorithms").get<std::string>();
    const auto parsedMode = parseDeterministicMode(mode);
    DETBENCH_CHECK_ARG(parsedMode, unknown("deterministic_algorithms", mode));
    s.deterministic = *parsedMode;
    if (!j.at("cublas_workspace_config").is_null()) {
      s.cublasWorkspaceConfig =
          WorkspaceConfig::parse(j.at("cublas_workspace_config").get<std::string>());
    }
    s.fillUninitializedMemory = j.at("fill_uninitialized_memory").get<bool>();
    s.threads = integerOf<int>(j.at("threads"), "threads", 0, kMaxThreads);
    const auto sem = j.at("semantics").get<std::string>();
    const auto parsedSem = parseCatalogSemantics(sem);
    DETBENCH_CHECK_ARG(parsedSem, unknown("semantics", sem));
    s.semantics = *parsedSem;
    const auto form = j.at("form").get<std::string>();
    const auto parsedForm = parseFormRequest(form);
    DETBENCH_CHECK_ARG(parsedForm, unknown("form", form));
    s.form = *parsedForm;
    // Written before releases were recorded: the catalog then followed 2.8.
    s.pytorch = kUnrecordedRelease;
    if (j.contains("pytorch")) {
      const auto text = j.at("pytorch").get<std::string>();
      const auto release = parsePyTorchRelease(text);
      DETBENCH_CHECK_ARG(release && isCatalogRelease(*release),
                         "settings: pytorch '" + text + "' is not a release the catalog holds (" +
                             toString(oldestCatalogRelease()) + " to " +
                             toString(newestCatalogRelease()) + ")");
      s.pytorch = *release;
    }
    return s;
  } catch (const json::exception& ex) {
    DETBENCH_THROW(InvalidArgument,
                   std::string("settings: missing or mistyped field (") + ex.what() + ")");
  }
}

}  // namespace detbench
