#include "detbench/trace/TraceSettings.hpp"

#include <algorithm>
#include <array>

#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"
#include "detbench/catalog/CompiledCode.hpp"

namespace detbench::trace {

namespace {

// (major, minor) of a PyTorch version ("2.15.0+cu132", "1.13.0a0").
std::optional<std::pair<int, int>> parseRelease(const std::string& version) {
  int major = 0, minor = 0;
  std::size_t i = 0;
  const auto number = [&](int& out) {
    const std::size_t start = i;
    while (i < version.size() && version[i] >= '0' && version[i] <= '9' && i - start < 6) {
      out = out * 10 + (version[i] - '0');
      ++i;
    }
    return i > start;
  };
  if (!number(major) || i >= version.size() || version[i] != '.') return std::nullopt;
  ++i;
  if (!number(minor)) return std::nullopt;
  return std::make_pair(major, minor);
}

constexpr std::array<std::string_view, 6> kNames{"default", "seeded",    "deterministic",
                                                 "warn",    "benchmark", "cudnn-deterministic"};

TraceSettings seeded(TraceSettings s) {
  if (!s.seed) s.seed = 0;
  return s;
}

}  // namespace

std::vector<std::string_view> traceConfigNames() {
  return {kNames.begin(), kNames.end()};
}

std::optional<TraceConfig> traceConfig(std::string_view name, const TraceSettings& base) {
  TraceConfig c{std::string(name), base};
  if (name == "default") return c;
  if (name == "seeded") {
    c.settings = seeded(base);
  } else if (name == "deterministic") {
    c.settings = seeded(base);
    c.settings.deterministic = DeterministicMode::Error;
  } else if (name == "warn") {
    c.settings = seeded(base);
    c.settings.deterministic = DeterministicMode::Warn;
  } else if (name == "benchmark") {
    c.settings.cudnnBenchmark = true;
  } else if (name == "cudnn-deterministic") {
    c.settings.cudnnDeterministic = true;
  } else {
    return std::nullopt;
  }
  return c;
}

std::vector<TraceConfig> parseTraceConfigs(std::string_view list, const TraceSettings& base) {
  std::vector<TraceConfig> configs;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (name.empty()) continue;
    auto config = traceConfig(name, base);
    if (!config) {
      std::string names;
      for (const auto n : kNames) names += (names.empty() ? "" : ", ") + std::string(n);
      DETBENCH_THROW(InvalidArgument,
                     "unknown configuration '" + std::string(name) + "'; known: " + names);
    }
    for (const auto& c : configs) {
      DETBENCH_CHECK_ARG(c.name != name,
                         "the configuration '" + std::string(name) + "' is named twice");
    }
    configs.push_back(std::move(*config));
  }
  DETBENCH_CHECK_ARG(!configs.empty(), "the list of configurations names none");
  return configs;
}

nlohmann::json probeSettingsJson(const TraceSettings& s) {
  nlohmann::json j = nlohmann::json::object();
  if (s.seed) j["seed"] = *s.seed;
  if (s.deterministic) j["deterministic"] = std::string(toString(*s.deterministic));
  if (s.cudnnBenchmark) j["cudnn_benchmark"] = *s.cudnnBenchmark;
  if (s.cudnnDeterministic) j["cudnn_deterministic"] = *s.cudnnDeterministic;
  if (s.threads) j["threads"] = *s.threads;
  if (s.inductorDeterministic) j["inductor_deterministic"] = *s.inductorDeterministic;
  if (s.inductorBatchInvariant) j["inductor_batch_invariant"] = *s.inductorBatchInvariant;
  if (s.compileEager) j["compile"] = "eager";
  return j;
}

nlohmann::ordered_json traceSettingsJson(const TraceSettings& s) {
  using Json = nlohmann::ordered_json;
  Json j;
  j["seed"] = s.seed ? Json(*s.seed) : Json();
  j["deterministic"] = s.deterministic ? Json(std::string(toString(*s.deterministic))) : Json();
  j["cudnn_benchmark"] = s.cudnnBenchmark ? Json(*s.cudnnBenchmark) : Json();
  j["cudnn_deterministic"] = s.cudnnDeterministic ? Json(*s.cudnnDeterministic) : Json();
  j["cublas_workspace_config"] = s.cublasWorkspaceConfig ? Json(*s.cublasWorkspaceConfig) : Json();
  j["pythonhashseed"] = s.pythonHashSeed ? Json(*s.pythonHashSeed) : Json();
  j["threads"] = s.threads ? Json(*s.threads) : Json();
  j["inductor_deterministic"] = s.inductorDeterministic ? Json(*s.inductorDeterministic) : Json();
  j["inductor_batch_invariant"] =
      s.inductorBatchInvariant ? Json(*s.inductorBatchInvariant) : Json();
  j["compile"] = s.compileEager ? "eager" : "regions";
  j["world_size"] = s.worldSize ? Json(*s.worldSize) : Json();
  Json environment = Json::object();
  for (const auto& [name, value] : s.environment) environment[name] = value;
  j["environment"] = environment;
  return j;
}

std::string describeSettings(const TraceSettings& s) {
  std::string text;
  const auto add = [&text](const std::string& part) {
    if (!text.empty()) text += ", ";
    text += part;
  };
  if (s.seed) add("seed " + std::to_string(*s.seed));
  if (s.deterministic) add("deterministic " + std::string(toString(*s.deterministic)));
  if (s.cudnnBenchmark) add(std::string("cudnn.benchmark ") + (*s.cudnnBenchmark ? "on" : "off"));
  if (s.cudnnDeterministic) {
    add(std::string("cudnn.deterministic ") + (*s.cudnnDeterministic ? "on" : "off"));
  }
  if (s.cublasWorkspaceConfig) add("CUBLAS_WORKSPACE_CONFIG=" + *s.cublasWorkspaceConfig);
  if (s.pythonHashSeed) add("PYTHONHASHSEED=" + std::to_string(*s.pythonHashSeed));
  if (s.threads) add(std::to_string(*s.threads) + (*s.threads == 1 ? " thread" : " threads"));
  if (s.inductorDeterministic) add("inductor deterministic");
  if (s.inductorBatchInvariant) add("inductor batch-invariant");
  if (s.compileEager) add("torch.compile eager");
  if (s.worldSize) add("world size " + std::to_string(*s.worldSize));
  for (const auto& [name, value] : s.environment) add(name + "=" + value);
  return text.empty() ? std::string("as written") : text;
}

std::pair<std::string, std::string> parseEnvironmentSetting(std::string_view text) {
  const auto eq = text.find('=');
  DETBENCH_CHECK_ARG(eq != std::string_view::npos && eq > 0,
                     "--env takes NAME=VALUE, not '" + std::string(text) + "'");
  const std::string name(text.substr(0, eq));
  const std::string value(text.substr(eq + 1));
  const bool wellFormed = std::all_of(name.begin(), name.end(),
                                      [](char c) {
                                        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                                               (c >= '0' && c <= '9') || c == '_';
                                      }) &&
                          !(name[0] >= '0' && name[0] <= '9');
  DETBENCH_CHECK_ARG(wellFormed, "--env: '" + name + "' is not a variable's name");
  DETBENCH_CHECK_ARG(value.find('\0') == std::string::npos, "--env: a value with a NUL byte");
  DETBENCH_CHECK_ARG(name.rfind("DETBENCH_TRACE_", 0) != 0 && name != "PYTHONPATH",
                     "--env: the trace sets " + name + " itself");
  DETBENCH_CHECK_ARG(name != "PYTHONHASHSEED" && name != "CUBLAS_WORKSPACE_CONFIG",
                     "--env: " + name + " has its own option (--" +
                         (name == "PYTHONHASHSEED" ? std::string("pythonhashseed")
                                                   : std::string("cublas-workspace-config")) +
                         ")");
  return {name, value};
}

std::vector<TraceConfig> parseWorldSizes(std::string_view list, const TraceSettings& base) {
  std::vector<TraceConfig> configs;
  std::vector<int> seen;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = list.find(',', start);
    const std::string item(
        list.substr(start, comma == std::string_view::npos ? list.npos : comma - start));
    const auto n = parseInteger<int>(item);
    DETBENCH_CHECK_ARG(
        n && *n >= 1 && *n <= 1024,
        "--world-sizes takes sizes from 1 to 1024, such as 2,3,4, not '" + item + "'");
    DETBENCH_CHECK_ARG(std::find(seen.begin(), seen.end(), *n) == seen.end(),
                       "--world-sizes names " + item + " twice");
    seen.push_back(*n);
    TraceConfig c{"world-" + item, base};
    c.settings.worldSize = *n;
    configs.push_back(std::move(c));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  DETBENCH_CHECK_ARG(configs.size() >= 2, "--world-sizes compares two sizes or more, such as 2,3");
  return configs;
}

void setEnvironment(TraceSettings& settings, const std::string& name, const std::string& value) {
  auto& env = settings.environment;
  const auto it = std::find_if(env.begin(), env.end(),
                               [&name](const auto& entry) { return entry.first == name; });
  if (it != env.end()) {
    it->second = value;
  } else {
    env.emplace_back(name, value);
  }
}

void checkSettingsForRelease(const TraceSettings& s, const std::string& torchVersion) {
  const auto release = parseRelease(torchVersion);
  const auto check = [&](bool asked, const char* option, PyTorchRelease since) {
    if (!asked) return;
    const bool has = release && PyTorchRelease{release->first, release->second} >= since;
    DETBENCH_CHECK_ARG(
        has, std::string(option) + " needs PyTorch " + toString(since) +
                 " or later (torch._inductor.config); the traced PyTorch is " +
                 (torchVersion.empty() ? std::string("of unknown release") : torchVersion));
  };
  check(s.inductorDeterministic.value_or(false), "--inductor-deterministic",
        catalog::compiledDeterministicSince());
  check(s.inductorBatchInvariant.value_or(false), "--inductor-batch-invariant",
        catalog::compiledBatchInvariantSince());
}

Settings workbenchSettings(const TraceSettings& traced, PyTorchRelease release) {
  Settings s;
  s.seed = traced.seed;
  s.deterministic = traced.deterministic.value_or(DeterministicMode::Off);
  s.cudnnBenchmark = traced.cudnnBenchmark.value_or(false);
  s.cudnnDeterministic = traced.cudnnDeterministic.value_or(false);
  if (traced.cublasWorkspaceConfig) {
    s.cublasWorkspaceConfig = WorkspaceConfig::parse(*traced.cublasWorkspaceConfig);
  }
  s.threads = traced.threads.value_or(0);
  s.semantics = CatalogSemantics::PyTorch;
  s.form = FormRequest::Default;
  s.pytorch = release;
  return s;
}

}  // namespace detbench::trace
