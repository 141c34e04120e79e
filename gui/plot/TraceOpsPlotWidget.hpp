#pragma once
// One configuration of a trace in one picture: the op sequence along x (op numbers), one row per
// run compared with run 1, and each op where that run differs drawn by what it is: a cause (red:
// its inputs were equal, or it read data from outside, or uninitialized memory), inherited
// (orange: it read a tensor an earlier op made differently), absorbed (blue: an input differed,
// its outputs did not), not compared past where the sequences part (grey). Equal ops are the
// thin line of the run. A script that started threads gets a row per run and thread (its ops
// numbered in that thread), at most kMaxLanes threads: past that, the threads where a run
// differs come first, and the title says how many were left out.

#include <QString>
#include <optional>
#include <utility>
#include <vector>

#include "detbench/trace/TraceSession.hpp"
#include "plot/PlotWidget.hpp"

class QCPCurve;
class QCPGraph;
class QCPTextElement;

namespace detbench::gui {

class TraceOpsPlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit TraceOpsPlotWidget(QWidget* parent = nullptr);
  // Shows `config` (nullptr: nothing).
  void setConfig(const trace::TraceConfigResult* config);
  QString exportName() const override { return QStringLiteral("trace-ops"); }
  int pointCount() const override { return points_; }
  QString titleText() const;
  // Each row's label as the axis shows it, from the bottom row ("" where it is left unlabelled).
  QStringList rowLabels() const;
  // The ops row `row` (from 0, bottom up) draws its line over: from its first compared op to its
  // last (1-based), or none where nothing of it was compared.
  std::optional<std::pair<std::size_t, std::size_t>> lineSpan(std::size_t row) const;
  void resetView() override;

  // At most this many inherited points are drawn per run (every k-th beyond it).
  static constexpr std::size_t kMaxInheritedPerRun = 50000;
  // Rows per run at most: the main thread and the script's threads.
  static constexpr std::size_t kMaxLanes = 8;

 protected:
  void retranslate() override;
  QString hoverText(const QPoint& pos) const override;

 private:
  QCPTextElement* title_;
  QCPCurve* line_;  // the runs' lines, in order (a curve keeps it; a graph sorts by key)
  QCPGraph* causes_;
  QCPGraph* inherited_;
  QCPGraph* absorbed_;
  QCPGraph* notCompared_;
  // For the hover text: each row's run, thread and statuses, by row from 1.
  struct Row {
    int run = 0;
    int thread = 0;
    QString threadName;
    QString label;  // on the axis
    std::vector<trace::OpStatus> statuses;
    std::optional<std::pair<std::size_t, std::size_t>> line;  // lineSpan
  };
  void addRow(Row row, double y);
  // Labels every row where the axis has room for each, else rows k apart (those with a cause
  // first, then from the first row up): rows closer than a line of text would write their labels
  // over each other. Called once each drawing is laid out, so an export fits its own size.
  void fitRowLabels();
  std::vector<Row> rows_;
  QString configName_;
  int lanes_ = 1;        // rows per run
  int labelsEvery_ = 0;  // the rows labelled: every k-th (0: not yet laid out)
  int threadsLeft_ = 0;  // threads not drawn
  std::int64_t maxOps_ = 0;
  int points_ = 0;
};

}  // namespace detbench::gui
