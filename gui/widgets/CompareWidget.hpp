#pragma once
// The compare view: one op under several configurations (presets such as default,
// deterministic and benchmark, and any the user adds from the current settings), run on the
// same inputs and set side by side against a pinned baseline: variance and speed in one
// picture, the cost of determinism as a ratio. Runs already made on the Run tab with the same
// inputs are offered too, and a comparison takes them as they are instead of running them
// again. Times are in one unit (the baseline's) and ratios in one direction ("2.1× faster")
// on the plot and in the table alike.

#include <QVector>
#include <QWidget>
#include <vector>

#include "common/TimeUnit.hpp"
#include "detbench/run/Sweep.hpp"
#include "models/RunSeries.hpp"

class QComboBox;
class QListWidget;
class QPushButton;
class QTableWidget;
class QLabel;

namespace detbench::gui {

class ComparePlotWidget;
class PlotWidget;

class CompareWidget : public QWidget {
  Q_OBJECT

 public:
  explicit CompareWidget(QWidget* parent = nullptr);

  // The checked configurations, presets applied on top of `base`.
  std::vector<SweepConfig> configurations(const Settings& base) const;
  // The user's own configurations (saved in the project).
  std::vector<SweepConfig> customConfigurations() const { return custom_; }
  void setCustomConfigurations(const std::vector<SweepConfig>& configs);
  // Which presets are checked, by name (saved in the project).
  QStringList checkedPresets() const;
  void setCheckedPresets(const QStringList& names);
  void addCustom(const Settings& settings);
  // A run made on the Run tab, offered for the next comparison (unchecked; the latest few).
  void addMadeRun(const RunResult& run);
  // Greys the runs made with other inputs than `form` (op, parameters, device, data seed).
  void setForm(const RunRequest& form);
  // The checked runs already made with the inputs of `form`, to compare as they are.
  std::vector<RunResult> reusedRuns(const RunRequest& form) const;

  void beginCompare(const std::vector<SweepConfig>& configs);
  void appendTrials(int configuration, const QVector<TrialRecord>& records);
  void finishConfiguration(int configuration, const RunResult& result);
  // Shows finished (or reopened) results.
  void showResults(const std::vector<RunResult>& results);
  void clear();

  PlotWidget* plot() const;
  int baseline() const;

 signals:
  void runRequested();
  // "Add current settings": the owner answers with addCustom().
  void addCurrentRequested();
  void configurationsChanged();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void rebuildList();
  void refresh();
  void describeCurrent();
  void retranslateItems();
  // What a preset sets, in words (the list's tooltips and the line under it).
  static QString presetDescription(const QString& name);

  QListWidget* list_;
  QPushButton* add_;
  QPushButton* remove_;
  QPushButton* run_;
  QComboBox* baseline_;
  QLabel* baselineLabel_;
  QLabel* hint_;
  QLabel* description_;  // what the configuration under the cursor sets, in words
  ComparePlotWidget* plot_;
  QTableWidget* table_;
  std::vector<SweepConfig> custom_;
  std::vector<RunResult> made_;
  std::vector<bool> madeChecked_;
  RunRequest form_;
  TimeUnit unit_;
  std::vector<QString> names_;
  std::vector<RunSeries> series_;
  std::vector<std::optional<RunResult>> results_;
};

}  // namespace detbench::gui
