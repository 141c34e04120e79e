#pragma once
// How far the training runs of each configuration are apart: after every step, the largest
// distance of a run's learned parameters from run 1's (relative, ||theta_r - theta_1|| /
// ||theta_1||), on a log axis (a step where all runs agree has no point). Losses that differ
// in the eighth digit look like one curve; this distance shows the difference growing.

#include "detbench/demo/TrainingSim.hpp"
#include "plot/PlotWidget.hpp"

class QCPTextElement;

namespace detbench::gui {

class TrainingDivergencePlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit TrainingDivergencePlotWidget(QWidget* parent = nullptr);
  void setOutcome(const demo::TrainingOutcome& outcome);
  QString exportName() const override { return QStringLiteral("training-divergence"); }
  int pointCount() const override { return points_; }
  void resetView() override;

 protected:
  void retranslate() override;

 private:
  QCPTextElement* title_;
  demo::TrainingOutcome outcome_;
  int points_ = 0;
};

}  // namespace detbench::gui
