#pragma once
// The data-loader lesson as a heat map: one row per loader mode and run (against the first
// run), one column per batch; colour says what changed: nothing, the augmentations, the order.

#include "detbench/demo/DataLoaderSim.hpp"
#include "plot/PlotWidget.hpp"

class QCPColorMap;
class QCPTextElement;

namespace detbench::gui {

class LoaderHeatMapPlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit LoaderHeatMapPlotWidget(QWidget* parent = nullptr);
  void setOutcome(const demo::LoaderOutcome& outcome);
  QString exportName() const override { return QStringLiteral("loader-heat-map"); }
  int pointCount() const override { return cells_; }
  void resetView() override;

 protected:
  void retranslate() override;
  QString hoverText(const QPoint& pos) const override;

 private:
  QCPColorMap* map_;
  QCPTextElement* title_;
  demo::LoaderOutcome outcome_;
  int cells_ = 0;
};

}  // namespace detbench::gui
