#pragma once
// The training lesson's loss curves: every run of every configuration, against the step
// (full determinism in blue, default settings in orange drawn over it), and below them, on
// their own axis, each run's loss minus run 1's: a flat zero where the runs are identical,
// and where they part, visibly, although the curves above still lie on each other.

#include "detbench/demo/TrainingSim.hpp"
#include "plot/PlotWidget.hpp"

class QCPAxisRect;
class QCPTextElement;

namespace detbench::gui {

class TrainingLossPlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit TrainingLossPlotWidget(QWidget* parent = nullptr);
  void setOutcome(const demo::TrainingOutcome& outcome);
  QString exportName() const override { return QStringLiteral("training-loss"); }
  int pointCount() const override { return points_; }
  void resetView() override;
  // The largest |loss − run 1's loss| of a configuration over all steps (for tests).
  double largestDifference(std::size_t config) const;

 protected:
  void retranslate() override;

 private:
  QCPTextElement* title_;
  QCPAxisRect* diffRect_;
  demo::TrainingOutcome outcome_;
  int points_ = 0;
};

}  // namespace detbench::gui
