#include "plot/TrialPlotWidget.hpp"

namespace detbench::gui {

void TrialPlotWidget::follow(const RunSeries& series) {
  if (series.size() < drawn_) clear();
  if (series.size() == drawn_ && drawn_ > 0) return;
  addPoints(series, drawn_);
  drawn_ = series.size();
  fitAxes(series);
  requestReplot();
}

void TrialPlotWidget::clear() {
  clearData();
  drawn_ = 0;
  fitAxes(RunSeries());  // no axes left from the run before
  requestReplot();
}

}  // namespace detbench::gui
