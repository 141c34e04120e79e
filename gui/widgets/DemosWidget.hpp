#pragma once
// The Demos panel: the guided scenarios in a list, the chosen one's lesson, steps and what to
// expect (in the interface language), a Run button, and the outcome: the runs as a table, the
// data loader as a heat map, the training runs as loss curves, or the PYTHONHASHSEED lesson's
// interpreters or the NumPy lesson's streams as a table (equal rows share a colour), with each
// machine check
// marked as seen or not seen. The list's last entry is the seeding-recipe check
// (RecipeCheckWidget), whose points link back to the scenarios.

#include <QString>
#include <QWidget>
#include <memory>

#include "detbench/demo/ScenarioRunner.hpp"

class QLabel;
class QListWidget;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTableWidget;
class QTextBrowser;

namespace detbench::gui {

class ComparePlotWidget;
class DemoController;

class LoaderHeatMapPlotWidget;
class PlotWidget;
class RecipeCheckWidget;
class TrainingDivergencePlotWidget;
class DecoderDivergencePlotWidget;
class TrainingLossPlotWidget;

class DemosWidget : public QWidget {
  Q_OBJECT

 public:
  explicit DemosWidget(QWidget* parent = nullptr);
  // The controller whose lessons this tab shows: its start, progress, outcome and failure drive
  // the tab, and the tab's Cancel cancels it. The window still decides when a lesson may start
  // (runRequested).
  void setController(DemoController* controller);

  void setLanguage(const QString& language);
  // Selects a scenario by name; false when there is none of that name.
  bool selectScenario(const QString& name);
  // The scenario selected, or null while the recipe check is shown.
  const demo::Scenario* currentScenario() const;
  // Shows the recipe check (the last entry of the list).
  void showRecipeCheck();
  RecipeCheckWidget* recipeCheck() const { return recipe_; }
  void setRunning(bool running);
  void showProgress(const QString& what, int done, int total);
  void showOutcome(const demo::Scenario& scenario,
                   std::shared_ptr<const demo::ScenarioOutcome> outcome);
  // The plots of the outcome shown now (for export).
  std::vector<PlotWidget*> visiblePlots() const;

 signals:
  void runRequested(const detbench::demo::Scenario* scenario);
  void cancelRequested();
  void exportRequested();

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void retranslate();
  // One item per scenario, made once; their texts come from refreshTexts.
  void fillList();
  // Every text that depends on the language: the list, the lesson and the outcome shown.
  void refreshTexts();
  void showScenarioText();
  // Sizes the lesson's text to its length, so "What to expect" is not behind a scroll.
  void fitText();
  void fitRunsPlot();
  void currentRowChanged();
  void showRuns(const demo::Scenario& scenario, const demo::ScenarioOutcome& outcome);
  // Rows of (process, what it gave); equal results share a colour.
  void showProcessRows(const QString& what, const QString& result,
                       const std::vector<std::pair<QString, QString>>& rows);
  void showHash(const demo::HashOutcome& outcome);
  void showGenerators(const demo::GeneratorOutcome& outcome);

  QString language_ = QStringLiteral("en");
  QListWidget* list_;
  QStackedWidget* pages_;  // the scenario shown, or the recipe check
  RecipeCheckWidget* recipe_;
  QTextBrowser* text_;
  QSplitter* vertical_;  // the lesson above, the outcome below
  QPushButton* runButton_;
  QPushButton* cancelButton_;
  QPushButton* exportButton_;
  QLabel* status_;
  QStackedWidget* results_;
  QTableWidget* runsTable_;
  // The runs in one picture (distinct outputs, time per trial) where the page has room for it.
  ComparePlotWidget* runsPlot_;
  QTableWidget* processTable_;  // one row per process (the PYTHONHASHSEED and NumPy lessons)
  LoaderHeatMapPlotWidget* heatMap_;
  TrainingLossPlotWidget* lossPlot_;
  TrainingDivergencePlotWidget* divergencePlot_;
  DecoderDivergencePlotWidget* decoderPlot_;
  QLabel* checks_;
  const demo::Scenario* shownScenario_ = nullptr;
  std::shared_ptr<const demo::ScenarioOutcome> shownOutcome_;
};

}  // namespace detbench::gui
