#include "detbench/recipe/RecipeFile.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"

namespace detbench::recipe {
namespace {

std::string messageOf(std::string_view text, bool toml) {
  try {
    SeedingRecipe r;
    applyRecipeJson(parseRecipeObject(text, toml), r);
  } catch (const InvalidArgument& e) {
    return e.message();
  }
  return "";
}

TEST(RecipeFileTest, EveryKeyRoundTripsThroughJson) {
  SeedingRecipe r;
  r.device = RecipeDevice::Cpu;
  r.pytorch = {2, 10};
  r.torchManualSeed = r.numpySeed = r.workerInitFn = r.stringSetOrder = r.cudnnBenchmark = true;
  r.numpyGenerators = GeneratorUse::Unseeded;
  r.dataloaderWorkers = 7;
  r.pythonHashSeed = HashSeedWhen::InScript;
  r.deterministic = DeterministicMode::Warn;
  r.cublasWorkspaceConfig = WorkspaceConfig::parse(":16:8");
  r.cublasSet = SetWhen::AfterCuda;
  const auto j = recipeToJson(r);
  EXPECT_EQ(j.size(), recipeKeys().size());
  SeedingRecipe back;
  applyRecipeJson(j, back);
  EXPECT_EQ(recipeToJson(back), j);
  EXPECT_EQ(back.dataloaderWorkers, 7);
  EXPECT_EQ(back.cublasWorkspaceConfig->text, ":16:8");
}

TEST(RecipeFileTest, WhatIsNotStatedIsNotDone) {
  SeedingRecipe r;
  applyRecipeJson(parseRecipeObject("{\"numpy_seed\": true}", false), r);
  EXPECT_TRUE(r.numpySeed);
  EXPECT_FALSE(r.torchManualSeed);
  EXPECT_EQ(r.deterministic, DeterministicMode::Off);
  EXPECT_FALSE(r.cublasWorkspaceConfig.has_value());
  // use_deterministic_algorithms(True) as written in Python.
  applyRecipeJson(parseRecipeObject("{\"deterministic_algorithms\": true}", false), r);
  EXPECT_EQ(r.deterministic, DeterministicMode::Error);
}

TEST(RecipeFileTest, BadRecipesAreRefusedNamingTheKey) {
  EXPECT_NE(messageOf("{\"torch_seed\": true}", false).find("unknown recipe key 'torch_seed'"),
            std::string::npos);
  EXPECT_NE(messageOf("{\"numpy_seed\": 1}", false).find("numpy_seed takes true or false"),
            std::string::npos);
  EXPECT_NE(messageOf("{\"pythonhashseed\": \"later\"}", false).find("unset, before-start"),
            std::string::npos);
  EXPECT_NE(messageOf("{\"pytorch\": \"1.13\"}", false).find("pytorch takes a release"),
            std::string::npos);
  EXPECT_NE(messageOf("{\"dataloader_workers\": -1}", false).find("dataloader_workers"),
            std::string::npos);
  EXPECT_NE(
      messageOf("{\"cublas_workspace_config\": \"4096\"}", false).find("cublas_workspace_config"),
      std::string::npos);
  EXPECT_NE(messageOf("[1, 2]", false).find("object of keys"), std::string::npos);
  EXPECT_FALSE(messageOf("{\"numpy_seed\": tru", false).empty());
}

TEST(RecipeFileTest, TomlReadsTheSameKeys) {
  if (!hasTomlSupport()) {
    EXPECT_NE(messageOf("numpy_seed = true", true).find("without TOML support"), std::string::npos);
    GTEST_SKIP() << "built without toml++";
  }
  SeedingRecipe r;
  applyRecipeJson(parseRecipeObject("# comment\nnumpy_seed = true\ndataloader_workers = 3\n"
                                    "pythonhashseed = \"before-start\"\n",
                                    true),
                  r);
  EXPECT_TRUE(r.numpySeed);
  EXPECT_EQ(r.dataloaderWorkers, 3);
  EXPECT_EQ(r.pythonHashSeed, HashSeedWhen::BeforeStart);
  EXPECT_NE(messageOf("numpy_seed = \n", true).find("invalid TOML at line 1"), std::string::npos);
  EXPECT_NE(messageOf("[loader]\nworkers = 2\n", true).find("holds a table"), std::string::npos);
}

// Toml++ nests a table for each part of a dotted key without a bound,
// and 100,000 parts ended detbench with SIGSEGV. Keys past 64 levels are refused before
// parsing; dots in strings and comments do not count.
TEST(RecipeFileTest, DeeplyDottedTomlKeysAreRefusedBeforeParsing) {
  EXPECT_EQ(tomlKeyDepth("a = 1\n"), 1);
  EXPECT_EQ(tomlKeyDepth("a.b.c = 1\n[x.y]\n"), 3);
  EXPECT_EQ(tomlKeyDepth("a = 1.5\n"), 2);
  EXPECT_EQ(tomlKeyDepth("a = \"x.y.z.w\" # v.w.x.y.z\nb = '...'\nc = \"\"\"\n....\n\"\"\"\n"), 1);
  std::string dotted;
  for (int i = 0; i < 100000; ++i) dotted += "a.";
  const std::string key = dotted + "b = 1\n";
  const std::string header = "[" + dotted + "b]\nx = 1\n";
  EXPECT_EQ(tomlKeyDepth(key), 100001);
  if (!hasTomlSupport()) GTEST_SKIP() << "built without toml++";
  for (const std::string& text : {key, header}) {
    EXPECT_NE(messageOf(text, true).find("nested deeper than 64"), std::string::npos);
  }
  // Arrays and inline tables: toml++'s own bound (256 levels) refuses them.
  std::string nested = "a = ";
  nested.append(100000, '[').append(100000, ']').append("\n");
  EXPECT_FALSE(messageOf(nested, true).empty());
}

}  // namespace
}  // namespace detbench::recipe
