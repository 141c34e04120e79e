#pragma once
// How far the differing elements are from trial 0's, in units in the last place: a histogram
// over power-of-two buckets, summed over all trials.

#include "plot/TrialPlotWidget.hpp"

class QCPBars;
class QCPTextElement;

namespace detbench::gui {

class UlpHistogramPlotWidget : public TrialPlotWidget {
  Q_OBJECT

 public:
  explicit UlpHistogramPlotWidget(QWidget* parent = nullptr);
  QString exportName() const override { return QStringLiteral("ulp-histogram"); }
  int pointCount() const override;

 protected:
  void addPoints(const RunSeries& series, std::size_t from) override;
  void clearData() override;
  void fitAxes(const RunSeries& series) override;
  void retranslate() override;
  QString hoverText(const QPoint& pos) const override;

 private:
  QCPBars* bars_;
  QCPTextElement* title_;
  std::size_t trials_ = 0;
  std::int64_t differing_ = 0;
};

}  // namespace detbench::gui
