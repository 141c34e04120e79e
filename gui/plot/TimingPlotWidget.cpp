#include "plot/TimingPlotWidget.hpp"

#include <qcustomplot.h>

#include <algorithm>

#include "common/Text.hpp"
#include "detbench/run/Statistics.hpp"
#include "plot/PlotStyle.hpp"

namespace detbench::gui {

TimingPlotWidget::TimingPlotWidget(QWidget* parent) : TrialPlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  boxRect_ = new QCPAxisRect(plot());
  plot()->plotLayout()->addElement(1, 1, boxRect_);
  plot()->plotLayout()->setColumnStretchFactor(0, 5);
  plot()->plotLayout()->setColumnStretchFactor(1, 1);
  plot()->plotLayout()->setColumnSpacing(4);
  plot()->plotLayout()->setRowStretchFactor(0, 0.001);

  graph_ = plot()->addGraph();
  graph_->setLineStyle(QCPGraph::lsNone);
  graph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, plotstyle::primary(), 3));
  graph_->setAdaptiveSampling(true);

  box_ = new QCPStatisticalBox(boxRect_->axis(QCPAxis::atBottom), boxRect_->axis(QCPAxis::atLeft));
  box_->setBrush(QColor(31, 119, 180, 60));
  box_->setWhiskerWidth(0.3);
  box_->setWidth(0.5);
  boxRect_->axis(QCPAxis::atBottom)->setTicks(false);
  boxRect_->axis(QCPAxis::atBottom)->setTickLabels(false);
  boxRect_->axis(QCPAxis::atBottom)->setRange(0, 2);
  boxRect_->axis(QCPAxis::atLeft)->setTickLabels(false);
  // One scale for both: the box follows the trials' time axis.
  connect(plot()->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
          boxRect_->axis(QCPAxis::atLeft), qOverload<const QCPRange&>(&QCPAxis::setRange));
  plot()->xAxis->setRange(0, 10);
  plot()->yAxis->ticker()->setTickCount(4);
  styleAxes();
  retranslate();
}

int TimingPlotWidget::pointCount() const {
  return graph_->dataCount();
}

void TimingPlotWidget::addPoints(const RunSeries& series, std::size_t from) {
  if (series.size() == 0) return;
  std::vector<double> v = series.timeUs;
  std::sort(v.begin(), v.end());
  const BoxStats b = boxStats(v);
  // The unit of the median, for the axis and the title alike; a change of unit redraws all.
  const TimeUnit unit = TimeUnit::forUs(b.median);
  if (unit.symbol != unit_.symbol) {
    unit_ = unit;
    graph_->data()->clear();
    from = 0;
  }
  for (std::size_t i = from; i < series.size(); ++i)
    graph_->addData(series.trial[i], unit_.fromUs(series.timeUs[i]));
  QVector<double> outliers;
  for (double x : v) {
    if (x < b.lowWhisker || x > b.highWhisker) outliers.push_back(x);
  }
  // Thousands of outliers would cost more to draw than they tell.
  if (outliers.size() > 2000) outliers.resize(2000);
  box_->data()->clear();
  for (double& x : outliers) x = unit_.fromUs(x);
  box_->addData(1, unit_.fromUs(b.lowWhisker), unit_.fromUs(b.q1), unit_.fromUs(b.median),
                unit_.fromUs(b.q3), unit_.fromUs(b.highWhisker), outliers);
  // Short enough for the title of a plot a quarter of a 1280-pixel window wide; the box shows
  // the quartiles.
  medianText_ = unit_.formatUs(b.median);
  outliers_ = outliers.size();
  retranslate();
}

void TimingPlotWidget::clearData() {
  graph_->data()->clear();
  box_->data()->clear();
  medianText_.clear();
  outliers_ = 0;
  unit_ = TimeUnit();
  retranslate();
}

void TimingPlotWidget::fitAxes(const RunSeries& series) {
  plot()->xAxis->setRange(0, std::max<double>(10, static_cast<double>(series.size())));
  bool found = false;
  const QCPRange r = graph_->getValueRange(found);
  if (found) {
    const double pad = std::max(r.size() * 0.08, r.upper * 0.02);
    plot()->yAxis->setRange(std::max(0.0, r.lower - pad), r.upper + pad);
  } else {
    plot()->yAxis->setRange(0, 1);
  }
}

void TimingPlotWidget::retranslate() {
  QString text = tr("Time per trial");
  if (!medianText_.isEmpty()) {
    text += QLatin1Char('\n') +
            (outliers_ == 0   ? tr("median %1").arg(medianText_)
             : outliers_ == 1 ? tr("median %1, 1 outlier").arg(medianText_)
                              : tr("median %1, %2 outliers").arg(medianText_).arg(outliers_));
  }
  title_->setText(text);
  graph_->setName(tr("time per trial"));
  plot()->xAxis->setLabel(tr("trial"));
  plot()->yAxis->setLabel(tr("time (%1)").arg(unit_.symbol));
  boxRect_->axis(QCPAxis::atBottom)->setLabel(tr("all trials"));
}

}  // namespace detbench::gui
