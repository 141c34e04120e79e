#include "detbench/demo/Scenario.hpp"

#include <nlohmann/json.hpp>

#include "detbench/Error.hpp"
#include "detbench/OpDefinition.hpp"

namespace detbench::demo {

extern const std::string_view kScenariosJson;

namespace {

using json = nlohmann::json;

LocalText textOf(const json& j) {
  LocalText t{j.at("en").get<std::string>(), j.value("zh_CN", std::string())};
  DETBENCH_CHECK_ARG(!t.en.empty(), "a scenario text has no English");
  return t;
}

// The settings a run changes, on top of PyTorch's defaults.
Settings settingsOf(const json& j) {
  Settings s;
  for (const auto& [key, value] : j.items()) {
    if (key == "seed") {
      s.seed = value.get<std::uint64_t>();
    } else if (key == "deterministic") {
      const auto mode = parseDeterministicMode(value.get<std::string>());
      DETBENCH_CHECK_ARG(mode, "unknown deterministic mode " + value.dump());
      s.deterministic = *mode;
    } else if (key == "cudnn_benchmark") {
      s.cudnnBenchmark = value.get<bool>();
    } else if (key == "cudnn_deterministic") {
      s.cudnnDeterministic = value.get<bool>();
    } else if (key == "cublas_workspace_config") {
      s.cublasWorkspaceConfig = WorkspaceConfig::parse(value.get<std::string>());
    } else if (key == "form") {
      const auto form = parseFormRequest(value.get<std::string>());
      DETBENCH_CHECK_ARG(form, "unknown form " + value.dump());
      s.form = *form;
    } else if (key == "semantics") {
      const auto sem = parseCatalogSemantics(value.get<std::string>());
      DETBENCH_CHECK_ARG(sem, "unknown semantics " + value.dump());
      s.semantics = *sem;
    } else {
      DETBENCH_THROW(InvalidArgument, "unknown setting " + key);
    }
  }
  return s;
}

RunExpectation expectationOf(const json& j) {
  RunExpectation e;
  if (j.contains("reproducible")) e.reproducible = j.at("reproducible").get<bool>();
  if (j.contains("distinct")) e.distinct = j.at("distinct").get<int>();
  e.raises = j.value("raises", false);
  e.warns = j.value("warns", false);
  if (j.contains("differs_from_run")) e.differsFromRun = j.at("differs_from_run").get<int>();
  return e;
}

ScenarioRun runOf(const json& j, std::size_t index) {
  ScenarioRun r;
  r.label = textOf(j.at("label"));
  r.op = j.at("op").get<std::string>();
  const OpDefinition& def = opDefinition(r.op);  // raises for an unknown op
  if (j.contains("device")) r.device = j.at("device").get<std::string>();
  for (const auto& [key, value] : j.at("params").items()) r.params[key] = value.get<std::int64_t>();
  r.params = resolveParams(r.op, def.params(), r.params);  // checks names and ranges
  r.settings = settingsOf(j.at("settings"));
  r.trials = j.at("trials").get<int>();
  DETBENCH_CHECK_ARG(r.trials >= 1 && r.trials <= 1000, "a scenario run has 1 to 1000 trials");
  if (j.contains("expect")) r.expect = expectationOf(j.at("expect"));
  if (j.contains("expect_cpu")) r.expectCpu = expectationOf(j.at("expect_cpu"));
  for (const auto& e : {r.expect, r.expectCpu}) {
    if (e && e->differsFromRun) {
      DETBENCH_CHECK_ARG(
          *e->differsFromRun >= 0 && static_cast<std::size_t>(*e->differsFromRun) < index,
          "differs_from_run must name an earlier run");
    }
  }
  return r;
}

Scenario scenarioOf(const json& j) {
  Scenario s;
  s.name = j.at("name").get<std::string>();
  s.title = textOf(j.at("title"));
  s.lesson = textOf(j.at("lesson"));
  for (const auto& step : j.at("steps")) s.steps.push_back(textOf(step));
  s.expect = textOf(j.at("expect"));
  s.needsGpu = j.at("needs_gpu").get<bool>();
  if (j.contains("runs")) {
    for (const auto& r : j.at("runs")) s.runs.push_back(runOf(r, s.runs.size()));
  }
  if (j.contains("loader")) {
    const auto& l = j.at("loader");
    s.loader = LoaderSpec{l.at("samples").get<int>(), l.at("batch_size").get<int>(),
                          l.at("workers").get<int>(), l.at("runs").get<int>(),
                          l.at("seed").get<std::uint64_t>()};
  }
  if (j.contains("training")) {
    const auto& t = j.at("training");
    TrainingSpec spec;
    const std::string model = t.value("model", std::string("graph-mlp"));
    DETBENCH_CHECK_ARG(model == "graph-mlp" || model == "cnn", "unknown training model " + model);
    spec.model = model == "cnn" ? TrainingModel::Cnn : TrainingModel::GraphMlp;
    spec.nodes = t.at("nodes").get<int>();
    spec.edges = t.value("edges", 0);
    spec.features = t.at("features").get<int>();
    spec.hidden = t.at("hidden").get<int>();
    spec.steps = t.at("steps").get<int>();
    spec.runs = t.at("runs").get<int>();
    spec.seed = t.at("seed").get<std::uint64_t>();
    spec.imageSize = t.value("image_size", 12);
    s.training = spec;
  }
  const int kinds = (s.runs.empty() ? 0 : 1) + (s.loader ? 1 : 0) + (s.training ? 1 : 0);
  DETBENCH_CHECK_ARG(kinds == 1,
                     "scenario " + s.name + " needs exactly one of runs, loader, training");
  return s;
}

}  // namespace

const std::string& LocalText::in(std::string_view language) const {
  return language.starts_with("zh") && !zhCN.empty() ? zhCN : en;
}

std::vector<Scenario> parseScenarios(std::string_view text) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    DETBENCH_THROW(InvalidArgument, std::string("scenarios: not valid JSON: ") + e.what());
  }
  std::vector<Scenario> all;
  try {
    DETBENCH_CHECK_ARG(doc.at("format") == "detbench-scenarios", "not a detbench scenarios file");
    DETBENCH_CHECK_ARG(doc.at("version") == 1, "unknown scenarios version");
    for (const auto& s : doc.at("scenarios")) {
      all.push_back(scenarioOf(s));
      for (std::size_t i = 0; i + 1 < all.size(); ++i) {
        DETBENCH_CHECK_ARG(all[i].name != all.back().name, "two scenarios named " + all[i].name);
      }
    }
  } catch (const json::exception& e) {
    DETBENCH_THROW(InvalidArgument,
                   std::string("scenarios: missing or mistyped field (") + e.what() + ")");
  }
  return all;
}

const std::vector<Scenario>& scenarios() {
  static const std::vector<Scenario> all = parseScenarios(kScenariosJson);
  return all;
}

const Scenario* findScenario(std::string_view name) {
  for (const auto& s : scenarios()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace detbench::demo
