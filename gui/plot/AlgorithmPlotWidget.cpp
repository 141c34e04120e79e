#include "plot/AlgorithmPlotWidget.hpp"

#include <qcustomplot.h>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

AlgorithmPlotWidget::AlgorithmPlotWidget(QWidget* parent)
    : TrialPlotWidget(parent), ticker_(new QCPAxisTickerText) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  graph_ = plot()->addGraph();
  graph_->setLineStyle(QCPGraph::lsNone);
  graph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, plotstyle::primary(), 5));
  plot()->yAxis->setTicker(ticker_);
  plot()->xAxis->setRange(0, 10);
  plot()->yAxis->setRange(-1, 1);
  styleAxes();
  retranslate();
}

int AlgorithmPlotWidget::pointCount() const {
  return graph_->dataCount();
}

void AlgorithmPlotWidget::addPoints(const RunSeries& series, std::size_t from) {
  for (std::size_t i = from; i < series.size(); ++i) {
    if (series.algorithm[i].empty()) continue;
    any_ = true;
    const QString name = QString::fromStdString(series.algorithm[i]);
    qsizetype row = algorithms_.indexOf(name);
    if (row < 0) {
      row = algorithms_.size();
      algorithms_.push_back(name);
      ticker_->addTick(static_cast<double>(row), name);
    }
    graph_->addData(series.trial[i], static_cast<double>(row));
  }
  retranslate();
}

void AlgorithmPlotWidget::clearData() {
  graph_->data()->clear();
  ticker_->clear();
  algorithms_.clear();
  any_ = false;
  retranslate();
}

void AlgorithmPlotWidget::fitAxes(const RunSeries& series) {
  plot()->xAxis->setRange(0, std::max<double>(10, static_cast<double>(series.size())));
  plot()->yAxis->setRange(-0.7, std::max<double>(1, static_cast<double>(algorithms_.size())) - 0.3);
}

void AlgorithmPlotWidget::retranslate() {
  QString text = tr("Algorithm chosen per trial");
  if (!any_) text += QLatin1Char('\n') + tr("this op has no algorithm choice");
  title_->setText(text);
  graph_->setName(tr("algorithm"));
  plot()->xAxis->setLabel(tr("trial"));
  plot()->yAxis->setLabel(QString());
}

}  // namespace detbench::gui
