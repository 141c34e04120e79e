#include "plot/DiffPlotWidget.hpp"

#include <qcustomplot.h>

#include <cmath>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

DiffPlotWidget::DiffPlotWidget(QWidget* parent) : TrialPlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  graph_ = plot()->addGraph();
  graph_->setLineStyle(QCPGraph::lsNone);
  graph_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, plotstyle::bad(), plotstyle::bad(), 5));
  plot()->yAxis->setScaleType(QCPAxis::stLogarithmic);
  {
    // Few labels: a quarter of a 720-pixel window is short.
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    logTicker->setTickCount(3);
    plot()->yAxis->setTicker(logTicker);
  }
  plot()->yAxis->setNumberFormat(QStringLiteral("eb"));
  plot()->yAxis->setNumberPrecision(0);
  plot()->yAxis->setRange(1e-8, 1e-2);
  plot()->xAxis->setRange(0, 10);
  styleAxes();
  retranslate();
}

int DiffPlotWidget::pointCount() const {
  return graph_->dataCount();
}

void DiffPlotWidget::addPoints(const RunSeries& series, std::size_t from) {
  for (std::size_t i = from; i < series.size(); ++i) {
    const double d = series.maxAbsDiff[i];
    if (d > 0 && std::isfinite(d)) {
      graph_->addData(series.trial[i], d);
    } else if (!std::isfinite(d)) {
      ++nonFinite_;
    }
  }
  total_ = static_cast<int>(series.size());
  identical_ = series.identicalToFirst;
  updateTitle();
}

void DiffPlotWidget::clearData() {
  graph_->data()->clear();
  total_ = identical_ = nonFinite_ = 0;
  updateTitle();
}

void DiffPlotWidget::fitAxes(const RunSeries& series) {
  plot()->xAxis->setRange(0, std::max<double>(10, static_cast<double>(series.size())));
  bool found = false;
  const QCPRange r = graph_->getValueRange(found);
  // At least two decades, so the log axis has its powers of ten as ticks.
  plot()->yAxis->setRange(found ? QCPRange(r.lower / 10, r.upper * 10) : QCPRange(1e-8, 1e-2));
}

void DiffPlotWidget::retranslate() {
  graph_->setName(tr("max |diff| vs trial 0"));
  plot()->xAxis->setLabel(tr("trial"));
  plot()->yAxis->setLabel(tr("max |diff| (log)"));
  updateTitle();
}

void DiffPlotWidget::updateTitle() {
  QString text = tr("Max |diff| against trial 0");
  if (total_ > 0) {
    text +=
        QLatin1Char('\n') + tr("%1 of %2 trials identical to trial 0").arg(identical_).arg(total_);
    if (nonFinite_ > 0) text += QLatin1String(", ") + tr("%1 with NaN or inf").arg(nonFinite_);
  }
  title_->setText(text);
}

}  // namespace detbench::gui
