#include "detbench/recipe/RecipeCheck.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "detbench/recipe/RecipeFile.hpp"

namespace detbench::recipe {
namespace {

std::set<std::string> idsWith(const std::vector<Finding>& findings, FindingStatus status) {
  std::set<std::string> ids;
  for (const auto& f : findings) {
    if (f.status == status) ids.insert(f.id);
  }
  return ids;
}

const Finding& findingOf(const std::vector<Finding>& findings, const std::string& id) {
  const auto it =
      std::find_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.id == id; });
  if (it == findings.end()) throw std::runtime_error("no finding " + id);
  return *it;
}

SeedingRecipe everything() {
  SeedingRecipe r;
  r.pytorch = {2, 8};
  r.torchManualSeed = r.randomSeed = r.numpySeed = true;
  r.numpyGenerators = GeneratorUse::Seeded;
  r.dataloaderWorkers = 4;
  r.dataloaderGenerator = r.workerInitFn = r.workerOtherRngs = true;
  r.stringSetOrder = true;
  r.pythonHashSeed = HashSeedWhen::BeforeStart;
  r.deterministic = DeterministicMode::Error;
  r.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  return r;
}

TEST(RecipeCheckTest, TheNotesOwnRecipeLeavesTheHashSeedAndDeterministicModeUncovered) {
  // make_reproducible() of the notes: PYTHONHASHSEED through os.environ inside the script, and
  // use_deterministic_algorithms commented out.
  const auto findings =
      checkRecipe(readRecipeFile(DETBENCH_RECIPES_DIR "/notes-make-reproducible.toml"));
  EXPECT_EQ(idsWith(findings, FindingStatus::Uncovered),
            (std::set<std::string>{"pythonhashseed", "deterministic-mode"}));
  EXPECT_EQ(
      idsWith(findings, FindingStatus::Covered),
      (std::set<std::string>{"torch-seed", "python-random", "numpy-global", "loader-generator",
                             "worker-seeds", "cudnn-benchmark", "cudnn-deterministic"}));
  EXPECT_NE(findingOf(findings, "pythonhashseed").reason.en.find("too late"), std::string::npos);
}

TEST(RecipeCheckTest, ThePyTorchDocsRecipeCoversEverythingItCan) {
  const auto findings = checkRecipe(readRecipeFile(DETBENCH_RECIPES_DIR "/pytorch-docs-2.8.json"));
  EXPECT_TRUE(idsWith(findings, FindingStatus::Uncovered).empty());
  EXPECT_EQ(findingOf(findings, "cublas-workspace").status, FindingStatus::Covered);
  EXPECT_EQ(findings.back().id, "beyond-seeds");
  EXPECT_EQ(findings.back().status, FindingStatus::Note);
}

TEST(RecipeCheckTest, AnEmptyRecipeMissesEverySeedAndDeterministicMode) {
  const auto findings = checkRecipe(SeedingRecipe{});
  const auto uncovered = idsWith(findings, FindingStatus::Uncovered);
  for (const char* id : {"torch-seed", "python-random", "numpy-global", "cudnn-deterministic",
                         "deterministic-mode"}) {
    EXPECT_TRUE(uncovered.count(id)) << id;
  }
  // Nothing said about data loading or Generators: no points about them.
  for (const auto& f : findings) {
    EXPECT_NE(f.id, "loader-generator");
    EXPECT_NE(f.id, "numpy-generators");
  }
  // cudnn.benchmark is off by default in PyTorch.
  EXPECT_EQ(findingOf(findings, "cudnn-benchmark").status, FindingStatus::Covered);
}

TEST(RecipeCheckTest, EveryPointIsInBothLanguagesAndLinksAScenarioOrACommand) {
  std::vector<SeedingRecipe> recipes{SeedingRecipe{}, everything()};
  SeedingRecipe cpu;
  cpu.device = RecipeDevice::Cpu;
  cpu.dataloaderWorkers = 2;
  cpu.workerOtherRngs = true;
  cpu.numpyGenerators = GeneratorUse::Unseeded;
  cpu.pythonHashSeed = HashSeedWhen::InScript;
  recipes.push_back(cpu);
  for (const auto& r : recipes) {
    for (const auto& f : checkRecipe(r)) {
      EXPECT_FALSE(f.topic.en.empty()) << f.id;
      EXPECT_FALSE(f.topic.zhCN.empty()) << f.id;
      EXPECT_FALSE(f.reason.en.empty()) << f.id;
      EXPECT_FALSE(f.reason.zhCN.empty()) << f.id;
      EXPECT_NE(f.reason.en, f.reason.zhCN) << f.id;
      EXPECT_TRUE(!f.scenario.empty() || !f.command.empty()) << f.id;
      if (!f.scenario.empty()) {
        EXPECT_NE(demo::findScenario(f.scenario), nullptr) << f.id << ": " << f.scenario;
      }
    }
  }
}

TEST(RecipeCheckTest, DeterministicModeNamesTheCatalogsOpsForTheRelease) {
  SeedingRecipe r;
  const auto off = findingOf(checkRecipe(r), "deterministic-mode");
  EXPECT_EQ(off.status, FindingStatus::Uncovered);
  EXPECT_NE(off.reason.en.find("index_add"), std::string::npos) << off.reason.en;
  EXPECT_EQ(off.scenario, "float-atomics");

  r.deterministic = DeterministicMode::Warn;
  const auto warn = findingOf(checkRecipe(r), "deterministic-mode");
  EXPECT_EQ(warn.status, FindingStatus::Uncovered);
  EXPECT_EQ(warn.scenario, "error-and-warn");

  r.deterministic = DeterministicMode::Error;
  EXPECT_EQ(findingOf(checkRecipe(r), "deterministic-mode").status, FindingStatus::Covered);

  // On the CPU only index_put_ and put_ with accumulate vary (parallel atomics), and
  // deterministic mode makes them serial.
  r.device = RecipeDevice::Cpu;
  r.deterministic = DeterministicMode::Off;
  const auto findings = checkRecipe(r);
  const auto cpuOff = findingOf(findings, "deterministic-mode");
  EXPECT_EQ(cpuOff.status, FindingStatus::Uncovered);
  EXPECT_NE(cpuOff.reason.en.find("index_put_accumulate, put_accumulate"), std::string::npos)
      << cpuOff.reason.en;
  EXPECT_EQ(cpuOff.reason.en.find("index_add"), std::string::npos) << cpuOff.reason.en;
  for (const auto& f : findings) {
    EXPECT_NE(f.id, "cudnn-benchmark");
    EXPECT_NE(f.id, "cublas-workspace");
  }
}

TEST(RecipeCheckTest, TheCublasRuleFollowsTheReleaseAndWhenTheVariableIsSet) {
  SeedingRecipe r;
  r.deterministic = DeterministicMode::Error;
  r.pytorch = {2, 9};
  auto f = findingOf(checkRecipe(r), "cublas-workspace");
  EXPECT_EQ(f.status, FindingStatus::Uncovered);
  EXPECT_NE(f.reason.en.find("raises"), std::string::npos) << f.reason.en;
  r.deterministic = DeterministicMode::Warn;
  EXPECT_NE(findingOf(checkRecipe(r), "cublas-workspace").reason.en.find("warns"),
            std::string::npos);

  // 2.10 dropped the requirement: a note, not a gap.
  r.pytorch = {2, 10};
  EXPECT_EQ(findingOf(checkRecipe(r), "cublas-workspace").status, FindingStatus::Note);

  // Set too late: a gap in any release.
  r.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  r.cublasSet = SetWhen::AfterCuda;
  f = findingOf(checkRecipe(r), "cublas-workspace");
  EXPECT_EQ(f.status, FindingStatus::Uncovered);
  EXPECT_NE(f.reason.en.find("after CUDA started"), std::string::npos);
  r.cublasSet = SetWhen::BeforeCuda;
  EXPECT_EQ(findingOf(checkRecipe(r), "cublas-workspace").status, FindingStatus::Covered);
  // A value PyTorch 2.9 does not accept in deterministic mode.
  r.pytorch = {2, 9};
  r.cublasWorkspaceConfig = WorkspaceConfig::parse(":1024:2");
  EXPECT_EQ(findingOf(checkRecipe(r), "cublas-workspace").status, FindingStatus::Uncovered);
}

TEST(RecipeCheckTest, LoaderAndHashSeedPointsFollowWhatTheCodeDoes) {
  SeedingRecipe r;
  r.dataloaderWorkers = 4;
  auto findings = checkRecipe(r);
  EXPECT_EQ(findingOf(findings, "loader-generator").status, FindingStatus::Uncovered);
  EXPECT_EQ(findingOf(findings, "worker-seeds").status, FindingStatus::Covered);
  r.torchManualSeed = true;
  EXPECT_EQ(findingOf(checkRecipe(r), "loader-generator").status, FindingStatus::Note);
  r.workerOtherRngs = true;
  EXPECT_EQ(findingOf(checkRecipe(r), "worker-other-rngs").status, FindingStatus::Uncovered);
  r.workerInitFn = true;
  EXPECT_EQ(findingOf(checkRecipe(r), "worker-other-rngs").status, FindingStatus::Covered);

  EXPECT_EQ(findingOf(checkRecipe(r), "pythonhashseed").status, FindingStatus::Note);
  r.stringSetOrder = true;
  EXPECT_EQ(findingOf(checkRecipe(r), "pythonhashseed").status, FindingStatus::Uncovered);
  r.pythonHashSeed = HashSeedWhen::BeforeStart;
  EXPECT_EQ(findingOf(checkRecipe(r), "pythonhashseed").status, FindingStatus::Covered);
  r.pythonHashSeed = HashSeedWhen::InScript;
  r.stringSetOrder = false;  // too late whether or not the code depends on it
  EXPECT_EQ(findingOf(checkRecipe(r), "pythonhashseed").status, FindingStatus::Uncovered);

  r.numpyGenerators = GeneratorUse::Unseeded;
  r.numpySeed = true;  // does not reach Generator objects
  EXPECT_EQ(findingOf(checkRecipe(r), "numpy-generators").status, FindingStatus::Uncovered);
}

}  // namespace
}  // namespace detbench::recipe
