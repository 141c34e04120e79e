#pragma once
// The training lesson's loss curves: every run of every configuration, against the step
// (default settings in orange, full determinism in blue; identical runs draw over each other).

#include "detbench/demo/TrainingSim.hpp"
#include "plot/PlotWidget.hpp"

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

 protected:
  void retranslate() override;

 private:
  QCPTextElement* title_;
  demo::TrainingOutcome outcome_;
  int points_ = 0;
};

}  // namespace detbench::gui
