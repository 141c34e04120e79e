#pragma once
// One trial set as it streams: the verdict, the numbers, and the plots (max |diff| per trial,
// distinct outputs so far, ULP histogram, time per trial with its box plot, and the algorithm
// per trial where a library chose one). A run that raised shows, instead of empty plots, one
// line on what raised and why and the next steps as buttons (PyTorch's full text one click
// away); warn mode's warnings show in the header the same way, and so do the fixes the catalog
// knows for outputs that varied.

#include <QVector>
#include <QWidget>
#include <vector>

#include "detbench/run/RunResult.hpp"
#include "models/RunSeries.hpp"

class QLabel;
class QPushButton;
class QFrame;
class QHBoxLayout;
class QVBoxLayout;

namespace detbench::gui {

class PlotWidget;
class TrialPlotWidget;

// The next steps that apply after a run that raised, or whose outputs varied (the window knows
// the catalog and the form; the view only offers them).
struct RunNextSteps {
  bool warnMode = false;           // run again with deterministic algorithms at warn
  bool extension = false;          // run again with detbench's deterministic kernel for this op
  bool workspace = false;          // run again with CUBLAS_WORKSPACE_CONFIG=:4096:8
  bool deterministicMode = false;  // run again with deterministic algorithms on (error)
  bool seed = false;               // run again with the seed set
  bool any() const { return warnMode || extension || workspace || deterministicMode || seed; }
};

class RunViewWidget : public QWidget {
  Q_OBJECT

 public:
  using NextSteps = RunNextSteps;

  explicit RunViewWidget(QWidget* parent = nullptr);

  void beginRun(const QString& description);
  // The state of the Slurm job a remote run waits for ("job 3 pending (PartitionDown: the
  // partition is down)"), in the headline until the first trial arrives.
  void showWaiting(const QString& state);
  void appendTrials(const QVector<TrialRecord>& records);
  // Shows a finished (or reopened) result: its series and its verdict.
  // `host`: the remote machine the run went to, named beside its device (empty: this one).
  void showResult(const RunResult& result, const QString& host = {}, NextSteps steps = {});
  void clear();

  const RunSeries& series() const { return series_; }
  std::vector<PlotWidget*> plots() const;
  // Whether the plots are on screen (not after a run that raised before any trial).
  bool plotsShown() const;
  // The one-line notice under the header (what raised, or warn mode's warning); empty if none.
  QString notice() const;
  // On a torch device: which PyTorch ran the op and the catalog's prediction beside what it
  // did (Verdict::library); empty for other runs.
  QString libraryLine() const;

 signals:
  void warnModeRequested();
  void extensionRequested();
  void workspaceRequested();
  void deterministicModeRequested();
  void seedRequested();
  void catalogEntryRequested(const QString& op);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void updatePlots();
  void showNotice();
  void showLibraryLine();

  QLabel* headline_;
  QLabel* details_;
  QLabel* library_;
  QFrame* noticeBox_;
  QLabel* notice_;
  QVBoxLayout* noticeLayout_;
  QHBoxLayout* noticeButtons_;
  QLabel* fullText_;
  QPushButton* warnButton_;
  QPushButton* extensionButton_;
  QPushButton* workspaceButton_;
  QPushButton* deterministicButton_;
  QPushButton* seedButton_;
  QPushButton* catalogButton_;
  QPushButton* fullTextButton_;
  QWidget* plotArea_;
  QWidget* filler_;
  std::vector<TrialPlotWidget*> plots_;
  TrialPlotWidget* algorithmPlot_;
  RunSeries series_;
  std::optional<RunResult> result_;
  NextSteps steps_;
  QString host_;
  QString description_;
  bool begun_ = false;  // a run was started and has not ended
  QString waiting_;
};

}  // namespace detbench::gui
