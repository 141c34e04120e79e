#include "plot/DistinctPlotWidget.hpp"

#include <qcustomplot.h>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

DistinctPlotWidget::DistinctPlotWidget(QWidget* parent) : TrialPlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  graph_ = plot()->addGraph();
  graph_->setLineStyle(QCPGraph::lsStepLeft);
  graph_->setPen(QPen(plotstyle::primary(), 2));
  graph_->setBrush(QColor(31, 119, 180, 40));
  plot()->xAxis->setRange(0, 10);
  plot()->yAxis->setRange(0, 2);
  QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
  ticker->setTickStep(1);
  ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  plot()->yAxis->setTicker(ticker);
  styleAxes();
  retranslate();
}

int DistinctPlotWidget::pointCount() const {
  return graph_->dataCount();
}

void DistinctPlotWidget::addPoints(const RunSeries& series, std::size_t from) {
  for (std::size_t i = from; i < series.size(); ++i) {
    graph_->addData(series.trial[i], series.distinctSoFar[i]);
  }
}

void DistinctPlotWidget::clearData() {
  graph_->data()->clear();
}

void DistinctPlotWidget::fitAxes(const RunSeries& series) {
  plot()->xAxis->setRange(0, std::max<double>(10, static_cast<double>(series.size())));
  plot()->yAxis->setRange(0, std::max(2, series.distinct()) * 1.15);
}

void DistinctPlotWidget::retranslate() {
  title_->setText(tr("Distinct outputs so far"));
  graph_->setName(tr("distinct outputs"));
  plot()->xAxis->setLabel(tr("trial"));
  plot()->yAxis->setLabel(tr("distinct outputs"));
}

}  // namespace detbench::gui
