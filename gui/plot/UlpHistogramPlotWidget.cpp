#include "plot/UlpHistogramPlotWidget.hpp"

#include <qcustomplot.h>

#include <algorithm>

#include "detbench/run/Statistics.hpp"
#include "plot/PlotStyle.hpp"

namespace detbench::gui {

namespace {
QString bucketLabel(int b) {
  if (b == 0) return QStringLiteral("1");
  if (b == kUlpHistogramBuckets - 1) return QStringLiteral("≥2^%1").arg(b);
  return QStringLiteral("2^%1").arg(b);
}
}  // namespace

UlpHistogramPlotWidget::UlpHistogramPlotWidget(QWidget* parent) : TrialPlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  bars_ = new QCPBars(plot()->xAxis, plot()->yAxis);
  bars_->setPen(QPen(plotstyle::secondary().darker(120)));
  bars_->setBrush(plotstyle::secondary());
  bars_->setWidth(0.8);
  bars_->setBaseValue(0.5);  // bars start below 1 on the log axis
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  // Every fourth bucket and the last, with room between them at any width.
  for (int b = 0; b < kUlpHistogramBuckets - 4; b += 4) ticker->addTick(b, bucketLabel(b));
  ticker->addTick(kUlpHistogramBuckets - 1, bucketLabel(kUlpHistogramBuckets - 1));
  plot()->xAxis->setTicker(ticker);
  plot()->xAxis->setRange(-1, kUlpHistogramBuckets);
  plot()->yAxis->setScaleType(QCPAxis::stLogarithmic);
  {
    // Few labels: a quarter of a 720-pixel window is short.
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    logTicker->setTickCount(3);
    plot()->yAxis->setTicker(logTicker);
  }
  plot()->yAxis->setRange(0.5, 10);
  styleAxes();
  retranslate();
}

int UlpHistogramPlotWidget::pointCount() const {
  return bars_->dataCount();
}

void UlpHistogramPlotWidget::addPoints(const RunSeries& series, std::size_t) {
  // The totals are cumulative: redraw the few bars.
  bars_->data()->clear();
  differing_ = 0;
  trials_ = series.size();
  for (std::size_t b = 0; b < series.ulpTotals.size(); ++b) {
    if (series.ulpTotals[b] > 0) {
      bars_->addData(static_cast<double>(b), static_cast<double>(series.ulpTotals[b]));
      differing_ += series.ulpTotals[b];
    }
  }
  retranslate();
}

void UlpHistogramPlotWidget::clearData() {
  bars_->data()->clear();
  differing_ = 0;
  trials_ = 0;
  retranslate();
}

void UlpHistogramPlotWidget::fitAxes(const RunSeries&) {
  double top = 10;
  for (auto it = bars_->data()->constBegin(); it != bars_->data()->constEnd(); ++it) {
    top = std::max(top, it->value * 3);
  }
  plot()->yAxis->setRange(0.5, top);
}

void UlpHistogramPlotWidget::retranslate() {
  QString text = tr("Element differences from trial 0, in ULPs");
  text += QLatin1Char('\n');
  // Nothing ran is not "nothing differs".
  text += trials_ == 0      ? tr("no trials")
          : differing_ == 0 ? tr("no element differs")
                            : tr("%1 differing elements over all trials").arg(differing_);
  title_->setText(text);
  bars_->setName(tr("differing elements"));
  plot()->xAxis->setLabel(tr("distance (ULPs)"));
  plot()->yAxis->setLabel(tr("elements (log)"));
}

QString UlpHistogramPlotWidget::hoverText(const QPoint& pos) const {
  const int b = static_cast<int>(std::lround(plot()->xAxis->pixelToCoord(pos.x())));
  if (b < 0 || b >= kUlpHistogramBuckets) return {};
  auto it = bars_->data()->findBegin(b - 0.1);
  if (it == bars_->data()->constEnd() || std::lround(it->key) != b) return {};
  const QString range =
      b == 0 ? QStringLiteral("1") : QStringLiteral("[2^%1, 2^%2)").arg(b).arg(b + 1);
  return tr("%1 ULPs: %2 elements").arg(range).arg(static_cast<qint64>(it->value));
}

}  // namespace detbench::gui
