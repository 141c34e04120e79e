#include "detbench/demo/Scenario.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/JsonFields.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::demo {

extern const std::string_view kScenariosJson;

namespace {

using json = nlohmann::ordered_json;

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
      s.seed = integerOf<std::uint64_t>(value, "seed");
    } else if (key == "deterministic") {
      const auto mode = parseDeterministicMode(value.get<std::string>());
      DETBENCH_CHECK_ARG(mode, "unknown deterministic mode " + value.dump());
      s.deterministic = *mode;
    } else if (key == "threads") {
      s.threads = integerOf<int>(value, "threads", 0, kMaxThreads);
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
    } else if (key == "pytorch") {
      const auto release = parsePyTorchRelease(value.get<std::string>());
      DETBENCH_CHECK_ARG(release && isCatalogRelease(*release),
                         "pytorch " + value.dump() + " is not a release the catalog holds");
      s.pytorch = *release;
    } else {
      DETBENCH_THROW(InvalidArgument, "unknown setting " + key);
    }
  }
  return s;
}

RunExpectation expectationOf(const json& j) {
  RunExpectation e;
  if (j.contains("reproducible")) e.reproducible = j.at("reproducible").get<bool>();
  if (j.contains("distinct")) e.distinct = integerField<int>(j, "distinct", 1, 1000);
  e.raises = j.value("raises", false);
  e.warns = j.value("warns", false);
  if (j.contains("differs_from_run"))
    e.differsFromRun = integerField<int>(j, "differs_from_run", 0, 1000);
  if (j.contains("same_as_run")) e.sameAsRun = integerField<int>(j, "same_as_run", 0, 1000);
  return e;
}

ScenarioRun runOf(const json& j, std::size_t index) {
  ScenarioRun r;
  r.label = textOf(j.at("label"));
  r.op = j.at("op").get<std::string>();
  const OpDefinition& def = opDefinition(r.op);  // raises for an unknown op
  if (j.contains("device")) r.device = j.at("device").get<std::string>();
  for (const auto& [key, value] : j.at("params").items())
    r.params[key] = integerOf<std::int64_t>(value, key);
  r.params = resolveParams(r.op, def.params(), r.params);  // checks names and ranges
  r.settings = settingsOf(j.at("settings"));
  r.trials = integerField<int>(j, "trials", 1, 1000);
  if (j.contains("expect")) r.expect = expectationOf(j.at("expect"));
  if (j.contains("expect_cpu")) r.expectCpu = expectationOf(j.at("expect_cpu"));
  for (const auto& e : {r.expect, r.expectCpu}) {
    if (e && e->differsFromRun) {
      DETBENCH_CHECK_ARG(
          *e->differsFromRun >= 0 && static_cast<std::size_t>(*e->differsFromRun) < index,
          "differs_from_run must name an earlier run");
    }
    if (e && e->sameAsRun) {
      DETBENCH_CHECK_ARG(*e->sameAsRun >= 0 && static_cast<std::size_t>(*e->sameAsRun) < index,
                         "same_as_run must name an earlier run");
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
  s.needsTorch = j.value("needs_torch", false);
  if (j.contains("runs")) {
    for (const auto& r : j.at("runs")) s.runs.push_back(runOf(r, s.runs.size()));
  }
  if (j.contains("loader")) {
    const auto& l = j.at("loader");
    s.loader = LoaderSpec{
        integerField<int>(l, "samples", 1, 1 << 20), integerField<int>(l, "batch_size", 1, 1 << 20),
        integerField<int>(l, "workers", 1, 64), integerField<int>(l, "runs", 1, 100),
        integerField<std::uint64_t>(l, "seed")};
  }
  if (j.contains("training")) {
    const auto& t = j.at("training");
    TrainingSpec spec;
    const std::string model = t.value("model", std::string("graph-mlp"));
    DETBENCH_CHECK_ARG(model == "graph-mlp" || model == "cnn", "unknown training model " + model);
    spec.model = model == "cnn" ? TrainingModel::Cnn : TrainingModel::GraphMlp;
    spec.nodes = integerField<int>(t, "nodes", 1, 1 << 20);
    spec.edges = t.contains("edges") ? integerField<int>(t, "edges", 0, 1 << 24) : 0;
    spec.features = integerField<int>(t, "features", 1, 4096);
    spec.hidden = integerField<int>(t, "hidden", 1, 4096);
    spec.steps = integerField<int>(t, "steps", 1, 100000);
    spec.runs = integerField<int>(t, "runs", 1, 100);
    spec.seed = integerField<std::uint64_t>(t, "seed");
    spec.imageSize = t.contains("image_size") ? integerField<int>(t, "image_size", 3, 1024) : 12;
    if (t.contains("learning_rate")) {
      const auto& lr = t.at("learning_rate");
      DETBENCH_CHECK_ARG(lr.is_number() && lr.get<double>() > 0 && lr.get<double>() <= 100,
                         "scenario " + s.name + ": learning_rate must be a number in (0, 100]");
      spec.learningRate = lr.get<float>();
    }
    s.training = spec;
  }
  if (j.contains("hash")) {
    const auto& h = j.at("hash");
    HashSpec spec;
    for (const auto& w : h.at("words")) spec.words.push_back(w.get<std::string>());
    DETBENCH_CHECK_ARG(spec.words.size() >= 2 && spec.words.size() <= 1000,
                       "scenario " + s.name + ": hash needs 2 to 1000 words");
    spec.interpreters = integerField<int>(h, "interpreters", 2, 100);
    spec.python = h.at("python").get<std::string>();
    DETBENCH_CHECK_ARG(spec.python.starts_with("3."),
                       "scenario " + s.name + ": hash python must be a CPython 3 version");
    s.hash = spec;
  }
  if (j.contains("generators")) {
    const auto& g = j.at("generators");
    s.generators = GeneratorSpec{integerField<std::uint64_t>(g, "seed", 0, 0xFFFFFFFFu),
                                 integerField<int>(g, "processes", 2, 100),
                                 integerField<int>(g, "count", 1, 100)};
  }
  if (j.contains("decoder")) {
    const auto& d = j.at("decoder");
    DecoderSpec spec;
    spec.vocab = integerField<int>(d, "vocab", 2, 1 << 20);
    spec.hidden = integerField<int>(d, "hidden", 1, 1 << 14);
    spec.layers = integerField<int>(d, "layers", 1, 64);
    spec.promptLength = integerField<int>(d, "prompt_length", 1, 4096);
    spec.steps = integerField<int>(d, "steps", 1, 4096);
    spec.seed = integerField<std::uint64_t>(d, "seed");
    spec.threads = integerField<int>(d, "threads", 1, kMaxThreads);
    spec.batchSizes.clear();
    for (const auto& b : d.at("batch_sizes")) spec.batchSizes.push_back(b.get<int>());
    DETBENCH_CHECK_ARG(
        !spec.batchSizes.empty() && spec.batchSizes.front() == 1 &&
            std::is_sorted(spec.batchSizes.begin(), spec.batchSizes.end()) &&
            std::adjacent_find(spec.batchSizes.begin(), spec.batchSizes.end()) ==
                spec.batchSizes.end() &&
            spec.batchSizes.back() <= 4096,
        "scenario " + s.name + ": decoder batch_sizes must start at 1 and ascend, up to 4096");
    if (d.contains("gain")) {
      const auto& g = d.at("gain");
      DETBENCH_CHECK_ARG(g.is_number() && g.get<double>() > 0 && g.get<double>() <= 100,
                         "scenario " + s.name + ": decoder gain must be a number in (0, 100]");
      spec.gain = g.get<float>();
    }
    s.decoder = spec;
  }
  if (j.contains("trace")) {
    const auto& t = j.at("trace");
    TraceSpec spec;
    spec.script = t.at("script").get<std::string>();
    DETBENCH_CHECK_ARG(!spec.script.empty() && spec.script.find('/') == std::string::npos &&
                           spec.script.ends_with(".py"),
                       "scenario " + s.name + ": trace script must be a .py name in the examples");
    if (t.contains("args")) {
      for (const auto& a : t.at("args")) spec.args.push_back(a.get<std::string>());
    }
    spec.runs = integerField<int>(t, "runs", 2, 20);
    spec.threads = integerField<int>(t, "threads", 1, kMaxThreads);
    spec.configs.clear();
    for (const auto& c : t.at("configs")) spec.configs.push_back(c.get<std::string>());
    DETBENCH_CHECK_ARG(!spec.configs.empty(), "scenario " + s.name + ": trace needs configs");
    s.trace = spec;
  }
  const int kinds = (s.runs.empty() ? 0 : 1) + (s.loader ? 1 : 0) + (s.training ? 1 : 0) +
                    (s.hash ? 1 : 0) + (s.generators ? 1 : 0) + (s.decoder ? 1 : 0) +
                    (s.trace ? 1 : 0);
  DETBENCH_CHECK_ARG(kinds == 1, "scenario " + s.name +
                                     " needs exactly one of runs, loader, training, hash, "
                                     "generators, decoder, trace");
  return s;
}

}  // namespace

const std::string& LocalText::in(std::string_view language) const {
  return language.starts_with("zh") && !zhCN.empty() ? zhCN : en;
}

std::vector<Scenario> parseScenarios(std::string_view text) {
  const json doc = parseJson(text, "scenarios");
  std::vector<Scenario> all;
  try {
    DETBENCH_CHECK_ARG(doc.at("format") == "detbench-scenarios", "not a detbench scenarios file");
    DETBENCH_CHECK_ARG(integerField<int>(doc, "version") == 1, "unknown scenarios version");
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
