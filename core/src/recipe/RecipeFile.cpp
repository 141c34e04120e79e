#include "detbench/recipe/RecipeFile.hpp"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/JsonFields.hpp"

#ifdef DETBENCH_HAVE_TOMLPLUSPLUS
#include <toml++/toml.h>
#endif

namespace detbench::recipe {

namespace {

using json = nlohmann::ordered_json;

// A recipe is a handful of lines; anything much larger is not one.
constexpr std::int64_t kMaxRecipeBytes = std::int64_t{1} << 20;

constexpr std::array<std::string_view, 17> kKeys{"device",
                                                 "pytorch",
                                                 "torch_manual_seed",
                                                 "random_seed",
                                                 "numpy_seed",
                                                 "numpy_generators",
                                                 "dataloader_workers",
                                                 "dataloader_generator",
                                                 "worker_init_fn",
                                                 "worker_other_rngs",
                                                 "string_set_order",
                                                 "pythonhashseed",
                                                 "cudnn_benchmark",
                                                 "cudnn_deterministic",
                                                 "deterministic_algorithms",
                                                 "cublas_workspace_config",
                                                 "cublas_set"};

bool boolOf(const json& v, std::string_view key) {
  DETBENCH_CHECK_ARG(v.is_boolean(), "recipe key " + std::string(key) +
                                         " takes true or false, not " + jsonSnippet(v));
  return v.get<bool>();
}

std::string stringOf(const json& v, std::string_view key) {
  DETBENCH_CHECK_ARG(v.is_string(),
                     "recipe key " + std::string(key) + " takes a string, not " + jsonSnippet(v));
  return v.get<std::string>();
}

template <typename T, typename Parse>
T choiceOf(const json& v, std::string_view key, Parse parse, std::string_view choices) {
  const std::string text = stringOf(v, key);
  const auto parsed = parse(text);
  DETBENCH_CHECK_ARG(parsed.has_value(), "recipe key " + std::string(key) + " takes " +
                                             std::string(choices) + ", not '" + text + "'");
  return *parsed;
}

#ifdef DETBENCH_HAVE_TOMLPLUSPLUS
json tomlToJson(const toml::table& table) {
  json out = json::object();
  for (auto&& [key, node] : table) {
    const std::string name(key.str());
    if (const auto* b = node.as_boolean()) {
      out[name] = b->get();
    } else if (const auto* i = node.as_integer()) {
      out[name] = i->get();
    } else if (const auto* s = node.as_string()) {
      out[name] = s->get();
    } else if (const auto* f = node.as_floating_point()) {
      out[name] = f->get();
    } else {
      DETBENCH_THROW(InvalidArgument, "recipe key " + name +
                                          " holds a table, array or date; a recipe holds only "
                                          "strings, integers and true or false");
    }
  }
  return out;
}
#endif

}  // namespace

std::span<const std::string_view> recipeKeys() {
  return kKeys;
}

bool hasTomlSupport() {
#ifdef DETBENCH_HAVE_TOMLPLUSPLUS
  return true;
#else
  return false;
#endif
}

void applyRecipeJson(const json& object, SeedingRecipe& r) {
  DETBENCH_CHECK_ARG(object.is_object(),
                     "a recipe is an object of keys, not " + jsonSnippet(object));
  for (const auto& [key, v] : object.items()) {
    if (key == "device") {
      r.device = choiceOf<RecipeDevice>(v, key, parseRecipeDevice, "cpu or cuda");
    } else if (key == "pytorch") {
      const std::string text = stringOf(v, key);
      const auto release = parsePyTorchRelease(text);
      DETBENCH_CHECK_ARG(release && isCatalogRelease(*release),
                         "recipe key pytorch takes a release from " +
                             toString(oldestCatalogRelease()) + " to " +
                             toString(newestCatalogRelease()) + ", not '" + text + "'");
      r.pytorch = *release;
    } else if (key == "torch_manual_seed") {
      r.torchManualSeed = boolOf(v, key);
    } else if (key == "random_seed") {
      r.randomSeed = boolOf(v, key);
    } else if (key == "numpy_seed") {
      r.numpySeed = boolOf(v, key);
    } else if (key == "numpy_generators") {
      r.numpyGenerators =
          choiceOf<GeneratorUse>(v, key, parseGeneratorUse, "none, seeded or unseeded");
    } else if (key == "dataloader_workers") {
      r.dataloaderWorkers = integerOf<int>(v, "recipe key dataloader_workers", 0, 1024);
    } else if (key == "dataloader_generator") {
      r.dataloaderGenerator = boolOf(v, key);
    } else if (key == "worker_init_fn") {
      r.workerInitFn = boolOf(v, key);
    } else if (key == "worker_other_rngs") {
      r.workerOtherRngs = boolOf(v, key);
    } else if (key == "string_set_order") {
      r.stringSetOrder = boolOf(v, key);
    } else if (key == "pythonhashseed") {
      r.pythonHashSeed =
          choiceOf<HashSeedWhen>(v, key, parseHashSeedWhen, "unset, before-start or in-script");
    } else if (key == "cudnn_benchmark") {
      r.cudnnBenchmark = boolOf(v, key);
    } else if (key == "cudnn_deterministic") {
      r.cudnnDeterministic = boolOf(v, key);
    } else if (key == "deterministic_algorithms") {
      if (v.is_boolean()) {  // as in torch.use_deterministic_algorithms(True)
        r.deterministic = v.get<bool>() ? DeterministicMode::Error : DeterministicMode::Off;
      } else {
        r.deterministic = choiceOf<DeterministicMode>(v, key, parseDeterministicMode,
                                                      "off, warn, error, true or false");
      }
    } else if (key == "cublas_workspace_config") {
      const std::string text = stringOf(v, key);
      if (text.empty()) {
        r.cublasWorkspaceConfig.reset();
      } else {
        try {
          r.cublasWorkspaceConfig = WorkspaceConfig::parse(text);
        } catch (const Error& e) {
          DETBENCH_THROW(InvalidArgument, "recipe key cublas_workspace_config: " + e.message());
        }
      }
    } else if (key == "cublas_set") {
      r.cublasSet = choiceOf<SetWhen>(v, key, parseSetWhen, "before-cuda or after-cuda");
    } else {
      std::string known;
      for (const auto k : kKeys) known += (known.empty() ? "" : ", ") + std::string(k);
      DETBENCH_THROW(InvalidArgument, "unknown recipe key '" + key + "' (known: " + known + ")");
    }
  }
}

int tomlKeyDepth(std::string_view text) {
  enum class In { Code, Comment, Basic, Literal, MultiBasic, MultiLiteral } in = In::Code;
  int dots = 0, deepest = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const std::string_view rest = text.substr(i);
    switch (in) {
      case In::Code:
        if (c == '\n') {
          dots = 0;
        } else if (c == '.') {
          deepest = std::max(deepest, ++dots);
        } else if (c == '#') {
          in = In::Comment;
        } else if (rest.starts_with("\"\"\"")) {
          in = In::MultiBasic;
          i += 2;
        } else if (rest.starts_with("\'\'\'")) {
          in = In::MultiLiteral;
          i += 2;
        } else if (c == '"') {
          in = In::Basic;
        } else if (c == '\'') {
          in = In::Literal;
        }
        break;
      case In::Comment:
        if (c == '\n') {
          in = In::Code;
          dots = 0;
        }
        break;
      case In::Basic:
      case In::MultiBasic:
        if (c == '\\') {
          ++i;  // the escaped character
        } else if (in == In::Basic && (c == '"' || c == '\n')) {
          in = In::Code;
        } else if (in == In::MultiBasic && rest.starts_with("\"\"\"")) {
          in = In::Code;
          i += 2;
        }
        break;
      case In::Literal:
        if (c == '\'' || c == '\n') in = In::Code;
        break;
      case In::MultiLiteral:
        if (rest.starts_with("\'\'\'")) {
          in = In::Code;
          i += 2;
        }
        break;
    }
  }
  return deepest + 1;
}

json parseRecipeObject(std::string_view text, bool toml) {
  if (!toml) return parseJson(text, "recipe");
#ifdef DETBENCH_HAVE_TOMLPLUSPLUS
  // toml++ makes a table for each part of a dotted key, without a bound, and its parser and
  // destructor recurse once a level (`a.b.c...` 100,000 parts deep ended detbench with
  // SIGSEGV); its arrays and inline tables stop at 256 levels. Keys are refused past
  // kMaxJsonDepth before anything is parsed.
  if (tomlKeyDepth(text) > kMaxJsonDepth) {
    DETBENCH_THROW(InvalidArgument, "recipe: a key nested deeper than " +
                                        std::to_string(kMaxJsonDepth) +
                                        " levels (a recipe's keys have one)");
  }
  toml::table table;
  try {
    table = toml::parse(text);
  } catch (const toml::parse_error& e) {
    DETBENCH_THROW(InvalidArgument, "recipe: invalid TOML at line " +
                                        std::to_string(e.source().begin.line) + ": " +
                                        std::string(e.description()));
  }
  return tomlToJson(table);
#else
  DETBENCH_THROW(InvalidArgument,
                 "this detbench was built without TOML support (toml++); write the recipe as JSON");
#endif
}

json readRecipeObject(const std::string& path) {
  const bool toml = path.size() >= 5 && path.compare(path.size() - 5, 5, ".toml") == 0;
  const std::string text = readFile(path, kMaxRecipeBytes);
  try {
    return parseRecipeObject(text, toml);
  } catch (const InvalidArgument& e) {
    DETBENCH_THROW(InvalidArgument, path + ": " + e.message());
  }
}

SeedingRecipe readRecipeFile(const std::string& path) {
  const json object = readRecipeObject(path);
  SeedingRecipe recipe;
  try {
    applyRecipeJson(object, recipe);
  } catch (const InvalidArgument& e) {
    DETBENCH_THROW(InvalidArgument, path + ": " + e.message());
  }
  return recipe;
}

json recipeToJson(const SeedingRecipe& r) {
  json j = json::object();
  j["device"] = toString(r.device);
  j["pytorch"] = toString(r.pytorch);
  j["torch_manual_seed"] = r.torchManualSeed;
  j["random_seed"] = r.randomSeed;
  j["numpy_seed"] = r.numpySeed;
  j["numpy_generators"] = toString(r.numpyGenerators);
  j["dataloader_workers"] = r.dataloaderWorkers;
  j["dataloader_generator"] = r.dataloaderGenerator;
  j["worker_init_fn"] = r.workerInitFn;
  j["worker_other_rngs"] = r.workerOtherRngs;
  j["string_set_order"] = r.stringSetOrder;
  j["pythonhashseed"] = toString(r.pythonHashSeed);
  j["cudnn_benchmark"] = r.cudnnBenchmark;
  j["cudnn_deterministic"] = r.cudnnDeterministic;
  j["deterministic_algorithms"] = toString(r.deterministic);
  j["cublas_workspace_config"] = r.cublasWorkspaceConfig ? r.cublasWorkspaceConfig->text : "";
  j["cublas_set"] = toString(r.cublasSet);
  return j;
}

}  // namespace detbench::recipe
