#pragma once
// Distinct output digests seen so far, against the trial index: flat at 1 when the op is
// reproducible, climbing when it is not.

#include "plot/TrialPlotWidget.hpp"

class QCPGraph;
class QCPTextElement;

namespace detbench::gui {

class DistinctPlotWidget : public TrialPlotWidget {
  Q_OBJECT

 public:
  explicit DistinctPlotWidget(QWidget* parent = nullptr);
  QString exportName() const override { return QStringLiteral("distinct-outputs"); }
  int pointCount() const override;

 protected:
  void addPoints(const RunSeries& series, std::size_t from) override;
  void clearData() override;
  void fitAxes(const RunSeries& series) override;
  void retranslate() override;

 private:
  QCPGraph* graph_;
  QCPTextElement* title_;
};

}  // namespace detbench::gui
