#include "plot/LoaderHeatMapPlotWidget.hpp"

#include <qcustomplot.h>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

namespace {

// The row of (mode, run); runs from the second on (the first is the reference).
struct RowRef {
  int mode;
  int run;
};

std::vector<RowRef> rowsOf(const demo::LoaderOutcome& o) {
  std::vector<RowRef> rows;
  for (int m = 0; m < static_cast<int>(o.modes.size()); ++m) {
    for (int r = 1; r < static_cast<int>(o.modes[static_cast<std::size_t>(m)].changes.size()); ++r)
      rows.push_back({m, r});
  }
  return rows;
}

QString modeName(demo::LoaderMode mode) {
  switch (mode) {
    case demo::LoaderMode::Unseeded:
      return LoaderHeatMapPlotWidget::tr("no seed");
    case demo::LoaderMode::SeedOnly:
      return LoaderHeatMapPlotWidget::tr("manual_seed only");
    case demo::LoaderMode::GeneratorAndWorkerInit:
      return LoaderHeatMapPlotWidget::tr("generator + worker_init_fn");
  }
  return {};
}

}  // namespace

LoaderHeatMapPlotWidget::LoaderHeatMapPlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  map_ = new QCPColorMap(plot()->xAxis, plot()->yAxis);
  QCPColorGradient gradient;
  gradient.setColorStopAt(0.0, QColor(236, 240, 241));
  gradient.setColorStopAt(0.5, QColor(255, 170, 60));
  gradient.setColorStopAt(1.0, QColor(200, 40, 40));
  gradient.setLevelCount(3);
  map_->setGradient(gradient);
  map_->setInterpolate(false);
  map_->setDataRange(QCPRange(0, 2));
  QSharedPointer<QCPAxisTickerFixed> batchTicks(new QCPAxisTickerFixed);
  batchTicks->setTickStep(1);
  batchTicks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  plot()->xAxis->setTicker(batchTicks);
  styleAxes();
  retranslate();
}

void LoaderHeatMapPlotWidget::setOutcome(const demo::LoaderOutcome& outcome) {
  outcome_ = outcome;
  const auto rows = rowsOf(outcome_);
  const int batches =
      rows.empty() ? 0
                   : static_cast<int>(
                         outcome_.modes[static_cast<std::size_t>(rows[0].mode)].changes[0].size());
  map_->data()->setSize(std::max(batches, 1), std::max(static_cast<int>(rows.size()), 1));
  map_->data()->setRange(QCPRange(0, std::max(batches - 1, 0)),
                         QCPRange(0, std::max(static_cast<int>(rows.size()) - 1, 0)));
  map_->data()->fill(0);
  cells_ = 0;
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
    const auto& m =
        outcome_.modes[static_cast<std::size_t>(rows[static_cast<std::size_t>(y)].mode)];
    const auto& row = m.changes[static_cast<std::size_t>(rows[static_cast<std::size_t>(y)].run)];
    for (int x = 0; x < batches; ++x) {
      map_->data()->setCell(x, y, static_cast<double>(row[static_cast<std::size_t>(x)]));
      ++cells_;
    }
    ticker->addTick(
        y, tr("%1, run %2").arg(modeName(m.mode)).arg(rows[static_cast<std::size_t>(y)].run + 1));
  }
  plot()->yAxis->setTicker(ticker);
  resetView();
}

void LoaderHeatMapPlotWidget::resetView() {
  const auto rows = rowsOf(outcome_);
  const double batches = rows.empty() ? 1 : static_cast<double>(map_->data()->keySize());
  plot()->xAxis->setRange(-0.5, batches - 0.5);
  plot()->yAxis->setRange(-0.5, static_cast<double>(std::max<std::size_t>(rows.size(), 1)) - 0.5);
  requestReplot();
}

void LoaderHeatMapPlotWidget::retranslate() {
  title_->setText(
      tr("What changed against run 1 (light: nothing, orange: augmentations, red: "
         "order)"));
  plot()->xAxis->setLabel(tr("batch"));
  if (!outcome_.modes.empty()) setOutcome(outcome_);
}

QString LoaderHeatMapPlotWidget::hoverText(const QPoint& pos) const {
  const auto rows = rowsOf(outcome_);
  const int x = static_cast<int>(std::lround(plot()->xAxis->pixelToCoord(pos.x())));
  const int y = static_cast<int>(std::lround(plot()->yAxis->pixelToCoord(pos.y())));
  if (y < 0 || y >= static_cast<int>(rows.size()) || x < 0 || x >= map_->data()->keySize())
    return {};
  const auto& ref = rows[static_cast<std::size_t>(y)];
  const auto c = outcome_.modes[static_cast<std::size_t>(ref.mode)]
                     .changes[static_cast<std::size_t>(ref.run)][static_cast<std::size_t>(x)];
  const QString what = c == demo::BatchChange::Order          ? tr("order changed")
                       : c == demo::BatchChange::Augmentation ? tr("augmentations changed")
                                                              : tr("identical");
  return tr("batch %1: %2").arg(x).arg(what);
}

}  // namespace detbench::gui
