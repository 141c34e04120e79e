#pragma once
// Time per trial: every trial as a point, and beside it a box plot (quartiles, 1.5 IQR
// whiskers, outliers) on the same scale, in the unit of the median.

#include "common/TimeUnit.hpp"
#include "plot/TrialPlotWidget.hpp"

class QCPGraph;
class QCPStatisticalBox;
class QCPTextElement;
class QCPAxisRect;

namespace detbench::gui {

class TimingPlotWidget : public TrialPlotWidget {
  Q_OBJECT

 public:
  explicit TimingPlotWidget(QWidget* parent = nullptr);
  QString exportName() const override { return QStringLiteral("timing"); }
  int pointCount() const override;

 protected:
  void addPoints(const RunSeries& series, std::size_t from) override;
  void clearData() override;
  void fitAxes(const RunSeries& series) override;
  void retranslate() override;

 private:
  QCPGraph* graph_;
  QCPAxisRect* boxRect_;
  QCPStatisticalBox* box_;
  QCPTextElement* title_;
  // The title's second line, made in retranslate() so that it follows the language.
  QString medianText_;
  qsizetype outliers_ = 0;
  TimeUnit unit_;  // the median's, for the axis and the title
};

}  // namespace detbench::gui
