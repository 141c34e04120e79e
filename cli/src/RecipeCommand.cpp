// `detbench recipe`: the user states what their code does for reproducibility (flags, or a small
// JSON or TOML file, flags winning) and detbench says, point by point, what stays uncovered and
// why, with the scenario that shows each point. `--expect-covered` exits 1 when something is.

#include <algorithm>
#include <nlohmann/json.hpp>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/recipe/RecipeCheck.hpp"
#include "detbench/recipe/RecipeFile.hpp"

namespace detbench::cli {

namespace {

using json = nlohmann::ordered_json;
using namespace detbench::recipe;

// The keys the flags state (checked on their own so that a message names the flag).
json flagsObject(const RecipeOptions& o) {
  json j = json::object();
  const auto setString = [&j](const char* key, const std::optional<std::string>& v) {
    if (v) j[key] = *v;
  };
  const auto setFlag = [&j](const char* key, bool v) {
    if (v) j[key] = true;
  };
  setString("device", o.device);
  setString("pytorch", o.pytorch);
  setFlag("torch_manual_seed", o.torchManualSeed);
  setFlag("random_seed", o.randomSeed);
  setFlag("numpy_seed", o.numpySeed);
  setString("numpy_generators", o.numpyGenerators);
  if (o.dataloaderWorkers) {
    // As typed: a number, or the text itself so that the message quotes it.
    const std::string& w = *o.dataloaderWorkers;
    const bool digits =
        !w.empty() && w.size() < 6 && w.find_first_not_of("0123456789") == std::string::npos;
    j["dataloader_workers"] = digits ? json(std::stoi(w)) : json(w);
  }
  setFlag("dataloader_generator", o.dataloaderGenerator);
  setFlag("worker_init_fn", o.workerInitFn);
  setFlag("worker_other_rngs", o.workerOtherRngs);
  setFlag("string_set_order", o.stringSetOrder);
  setString("pythonhashseed", o.pythonHashSeed);
  setFlag("cudnn_benchmark", o.cudnnBenchmark);
  setFlag("cudnn_deterministic", o.cudnnDeterministic);
  setString("deterministic_algorithms", o.deterministic);
  setString("cublas_workspace_config", o.cublasWorkspaceConfig);
  setString("cublas_set", o.cublasSet);
  SeedingRecipe scratch;
  try {
    applyRecipeJson(j, scratch);
  } catch (const InvalidArgument& e) {
    std::string message = e.message();
    for (const auto& [key, value] : j.items()) {
      const std::string said = "recipe key " + key;
      if (message.starts_with(said)) {
        std::string flag = "--" + key;
        std::replace(flag.begin(), flag.end(), '_', '-');
        message = flag + message.substr(said.size());
      }
    }
    DETBENCH_THROW(InvalidArgument, message);
  }
  return j;
}

// The file's keys, then the flags' over them.
json recipeObject(const RecipeOptions& o) {
  const json flags = flagsObject(o);
  json j = o.file ? readRecipeObject(*o.file) : json::object();
  if (o.file) {
    // Checked here so that the message names the file.
    SeedingRecipe scratch;
    try {
      applyRecipeJson(j, scratch);
    } catch (const InvalidArgument& e) {
      DETBENCH_THROW(InvalidArgument, *o.file + ": " + e.message());
    }
  }
  for (const auto& [key, value] : flags.items()) j[key] = value;
  return j;
}

bool chinese(const std::string& language) {
  return language.starts_with("zh");
}

const char* heading(FindingStatus s, bool zh) {
  switch (s) {
    case FindingStatus::Uncovered:
      return zh ? "未覆盖" : "Not covered";
    case FindingStatus::Covered:
      return zh ? "已覆盖" : "Covered";
    case FindingStatus::Note:
      return zh ? "说明" : "Notes";
  }
  return "";
}

const char* mark(FindingStatus s) {
  switch (s) {
    case FindingStatus::Uncovered:
      return "✗";
    case FindingStatus::Covered:
      return "✓";
    case FindingStatus::Note:
      return "•";
  }
  return " ";
}

// Breaks English text at spaces to lines of at most `width` characters after `indent`.
void printWrapped(std::ostream& out, const std::string& text, std::size_t indent,
                  std::size_t width) {
  std::size_t column = 0;
  std::size_t i = 0;
  out << std::string(indent, ' ');
  while (i < text.size()) {
    std::size_t next = text.find(' ', i);
    if (next == std::string::npos) next = text.size();
    const std::size_t word = next - i;
    if (column > 0 && column + 1 + word > width) {
      out << "\n" << std::string(indent, ' ');
      column = 0;
    } else if (column > 0) {
      out << ' ';
      ++column;
    }
    out << text.substr(i, word);
    column += word;
    i = next + 1;
  }
  out << "\n";
}

}  // namespace

int recipeCommand(const CliStreams& io, const RecipeOptions& o) {
  DETBENCH_CHECK_ARG(o.language == "en" || o.language == "zh_CN",
                     "--language takes en or zh_CN, not '" + o.language + "'");
  const json object = recipeObject(o);
  SeedingRecipe recipe;
  std::string pytorchHow = "stated in the recipe";
  if (!object.contains("pytorch")) {
    recipe.pytorch = defaultPyTorchRelease().release;
    pytorchHow = defaultPyTorchRelease().how;
  }
  applyRecipeJson(object, recipe);
  const auto findings = checkRecipe(recipe);
  int counts[3] = {0, 0, 0};
  for (const auto& f : findings) ++counts[static_cast<int>(f.status)];
  const int uncovered = counts[static_cast<int>(FindingStatus::Uncovered)];

  if (o.json) {
    json out = {{"format", "detbench-recipe-check"}, {"version", 1}};
    out["recipe"] = recipeToJson(recipe);
    out["pytorch_from"] = pytorchHow;
    out["summary"] = {{"uncovered", uncovered},
                      {"covered", counts[static_cast<int>(FindingStatus::Covered)]},
                      {"notes", counts[static_cast<int>(FindingStatus::Note)]}};
    json list = json::array();
    for (const auto& f : findings) {
      json item = {{"id", f.id}, {"status", toString(f.status)}};
      item["topic"] = {{"en", f.topic.en}, {"zh_CN", f.topic.zhCN}};
      item["reason"] = {{"en", f.reason.en}, {"zh_CN", f.reason.zhCN}};
      if (!f.scenario.empty()) item["scenario"] = f.scenario;
      if (!f.command.empty()) item["command"] = f.command;
      list.push_back(std::move(item));
    }
    out["findings"] = std::move(list);
    io.out << out.dump(2) << "\n";
  } else {
    const bool zh = chinese(o.language);
    const std::string device(toString(recipe.device));
    const std::string release = toString(recipe.pytorch);
    if (zh) {
      io.out << "种子配方检查（PyTorch " << release << "，" << device << "）：" << uncovered
             << " 项未覆盖，" << counts[0] << " 项已覆盖，" << counts[2] << " 条说明\n";
    } else {
      io.out << "Seeding recipe check (PyTorch " << release << " on " << device
             << "): " << uncovered << " not covered, " << counts[0] << " covered, " << counts[2]
             << (counts[2] == 1 ? " note\n" : " notes\n");
      if (!object.contains("pytorch")) io.out << "PyTorch release: " << pytorchHow << "\n";
    }
    for (const FindingStatus status :
         {FindingStatus::Uncovered, FindingStatus::Covered, FindingStatus::Note}) {
      if (counts[static_cast<int>(status)] == 0) continue;
      io.out << "\n" << heading(status, zh) << "\n";
      for (const auto& f : findings) {
        if (f.status != status) continue;
        io.out << "  " << mark(status) << " " << f.topic.in(o.language) << "\n";
        if (zh) {
          io.out << "      " << f.reason.zhCN << "\n";
        } else {
          printWrapped(io.out, f.reason.en, 6, 88);
        }
        if (!f.scenario.empty()) {
          io.out << "      " << (zh ? "演示：" : "shown by: ") << "detbench demo " << f.scenario
                 << "\n";
        }
        if (!f.command.empty())
          io.out << "      " << (zh ? "试一试：" : "try: ") << f.command << "\n";
      }
    }
  }
  return o.expectCovered && uncovered > 0 ? kExitNotReproducible : kExitOk;
}

}  // namespace detbench::cli
