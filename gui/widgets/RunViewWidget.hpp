#pragma once
// One trial set as it streams: the verdict, the numbers, and the plots (max |diff| per trial,
// distinct outputs so far, ULP histogram, time per trial with its box plot, and the algorithm
// per trial where a library chose one).

#include <QVector>
#include <QWidget>
#include <vector>

#include "detbench/run/RunResult.hpp"
#include "models/RunSeries.hpp"

class QLabel;

namespace detbench::gui {

class PlotWidget;
class TrialPlotWidget;

class RunViewWidget : public QWidget {
  Q_OBJECT

 public:
  explicit RunViewWidget(QWidget* parent = nullptr);

  void beginRun(const QString& description);
  void appendTrials(const QVector<TrialRecord>& records);
  // Shows a finished (or reopened) result: its series and its verdict.
  // `host`: the remote machine the run went to, named beside its device (empty: this one).
  void showResult(const RunResult& result, const QString& host = {});
  void clear();

  const RunSeries& series() const { return series_; }
  std::vector<PlotWidget*> plots() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void updatePlots();

  QLabel* headline_;
  QLabel* details_;
  std::vector<TrialPlotWidget*> plots_;
  TrialPlotWidget* algorithmPlot_;
  RunSeries series_;
  std::optional<RunResult> result_;
  QString host_;
  QString description_;
};

}  // namespace detbench::gui
