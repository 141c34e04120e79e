#pragma once
// One configuration of a trace in one picture: the op sequence along x (op numbers), one row per
// run compared with run 1, and each op where that run differs drawn by what it is: a cause (red:
// its inputs were equal, or it read data from outside, or uninitialized memory), inherited
// (orange: it read a tensor an earlier op made differently), absorbed (blue: an input differed,
// its outputs did not), not compared past where the sequences part (grey). Equal ops are the
// thin line of the run.

#include <QString>
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
  void resetView() override;

  // At most this many inherited points are drawn per run (every k-th beyond it).
  static constexpr std::size_t kMaxInheritedPerRun = 50000;

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
  // For the hover text: each shown run's statuses, by row from 1.
  std::vector<int> runs_;
  std::vector<std::vector<trace::OpStatus>> statuses_;
  QString configName_;
  std::int64_t maxOps_ = 0;
  int points_ = 0;
};

}  // namespace detbench::gui
