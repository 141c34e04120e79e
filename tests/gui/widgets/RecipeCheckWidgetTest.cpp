// The recipe check, offscreen: the form and a SeedingRecipe round-trip, every change rechecks,
// the points follow the language, the links name their scenario, and recipe files open and save
// (a bad one is refused with the reason).

#include "widgets/RecipeCheckWidget.hpp"

#include <gtest/gtest.h>

#include <QCheckBox>
#include <QDir>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUrl>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "detbench/recipe/RecipeFile.hpp"

namespace detbench::gui {
namespace {

std::set<std::string> uncovered(const RecipeCheckWidget& w) {
  std::set<std::string> ids;
  for (const auto& f : w.findings()) {
    if (f.status == recipe::FindingStatus::Uncovered) ids.insert(f.id);
  }
  return ids;
}

recipe::SeedingRecipe notes() {
  return recipe::readRecipeFile(DETBENCH_RECIPES_DIR "/notes-make-reproducible.toml");
}

TEST(RecipeCheckWidgetTest, TheFormHoldsEveryKeyOfARecipe) {
  RecipeCheckWidget w;
  recipe::SeedingRecipe r = notes();
  r.pytorch = {2, 9};
  r.numpyGenerators = recipe::GeneratorUse::Unseeded;
  r.workerOtherRngs = true;
  r.stringSetOrder = true;
  r.deterministic = DeterministicMode::Warn;
  r.cublasWorkspaceConfig = WorkspaceConfig::parse(":16:8");
  r.cublasSet = recipe::SetWhen::AfterCuda;
  w.setRecipe(r);
  EXPECT_EQ(recipe::recipeToJson(w.recipe()), recipe::recipeToJson(r));
  // A value the form does not list is kept, not lost.
  r.cublasWorkspaceConfig = WorkspaceConfig::parse(":1024:2");
  w.setRecipe(r);
  EXPECT_EQ(w.recipe().cublasWorkspaceConfig->text, ":1024:2");
}

TEST(RecipeCheckWidgetTest, EveryChangeRechecksAndThePointsFollowTheLanguage) {
  RecipeCheckWidget w;
  w.setRecipe(notes());
  EXPECT_EQ(uncovered(w), (std::set<std::string>{"pythonhashseed", "deterministic-mode"}));
  EXPECT_TRUE(w.resultText().contains(QStringLiteral("too late"))) << w.resultText().toStdString();
  // Unticking torch.manual_seed in the form is seen at once.
  for (auto* box : w.findChildren<QCheckBox*>()) {
    if (box->text().startsWith(QStringLiteral("torch.manual_seed"))) box->setChecked(false);
  }
  EXPECT_TRUE(uncovered(w).count("torch-seed"));
  w.setLanguage(QStringLiteral("zh_CN"));
  EXPECT_TRUE(w.resultText().contains(QStringLiteral("为时已晚"))) << w.resultText().toStdString();
}

TEST(RecipeCheckWidgetTest, ALinkAsksForItsScenario) {
  RecipeCheckWidget w;
  QString asked;
  QObject::connect(&w, &RecipeCheckWidget::scenarioRequested,
                   [&asked](const QString& name) { asked = name; });
  auto* browser = w.findChild<QTextBrowser*>();
  ASSERT_NE(browser, nullptr);
  EXPECT_TRUE(browser->toHtml().contains(QStringLiteral("scenario:seeds")));
  emit browser->anchorClicked(QUrl(QStringLiteral("scenario:seeds")));
  EXPECT_EQ(asked, QStringLiteral("seeds"));
}

TEST(RecipeCheckWidgetTest, RecipeFilesOpenAndSave) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  RecipeCheckWidget w;
  w.setRecipe(notes());
  QString error;
  const QString saved = dir.filePath(QStringLiteral("recipe.json"));
  ASSERT_TRUE(w.saveFile(saved, &error)) << error.toStdString();
  RecipeCheckWidget other;
  ASSERT_TRUE(other.openFile(saved, &error)) << error.toStdString();
  EXPECT_EQ(recipe::recipeToJson(other.recipe()), recipe::recipeToJson(notes()));

  const QString bad = dir.filePath(QStringLiteral("bad.json"));
  std::ofstream(bad.toStdString()) << "{\"torch_seed\": true}";
  const auto before = recipe::recipeToJson(other.recipe());
  EXPECT_FALSE(other.openFile(bad, &error));
  EXPECT_TRUE(error.contains(QStringLiteral("unknown recipe key"))) << error.toStdString();
  EXPECT_EQ(recipe::recipeToJson(other.recipe()), before);  // nothing lost
}

}  // namespace
}  // namespace detbench::gui
