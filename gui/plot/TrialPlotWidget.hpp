#pragma once
// A plot of one trial set that follows a RunSeries as it grows: follow() adds only the points
// it has not drawn yet and asks for a coalesced replot.

#include "models/RunSeries.hpp"
#include "plot/PlotWidget.hpp"

namespace detbench::gui {

class TrialPlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  using PlotWidget::PlotWidget;

  // Draws what `series` holds beyond what was drawn; starts over when it holds less (a new run).
  void follow(const RunSeries& series);
  void clear();

 protected:
  // Adds points [from, series.size()) to the plot's data; `from` is 0 after a clear.
  virtual void addPoints(const RunSeries& series, std::size_t from) = 0;
  // Drops all data.
  virtual void clearData() = 0;
  // Adjusts the axes after new data (unless the user has zoomed or panned).
  virtual void fitAxes(const RunSeries& series) = 0;

 private:
  std::size_t drawn_ = 0;
};

}  // namespace detbench::gui
