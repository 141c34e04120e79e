#include "plot/TrainingLossPlotWidget.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

TrainingLossPlotWidget::TrainingLossPlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  diffRect_ = new QCPAxisRect(plot());
  plot()->plotLayout()->addElement(2, 0, diffRect_);
  plot()->plotLayout()->setRowStretchFactor(0, 0.001);
  plot()->plotLayout()->setRowStretchFactor(1, 3);
  plot()->plotLayout()->setRowStretchFactor(2, 2);
  // The two step axes move together.
  connect(plot()->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
          diffRect_->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));
  auto* group = new QCPMarginGroup(plot());
  plot()->axisRect(0)->setMarginGroup(QCP::msLeft | QCP::msRight, group);
  diffRect_->setMarginGroup(QCP::msLeft | QCP::msRight, group);
  plot()->legend->setVisible(true);
  // The loss falls from the upper left to the lower right: the legend goes to the lower left,
  // where no curve is.
  plot()->axisRect(0)->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft);
  // A short axis: few ticks, one significant digit.
  diffRect_->axis(QCPAxis::atLeft)->ticker()->setTickCount(3);
  diffRect_->axis(QCPAxis::atLeft)->setNumberFormat(QStringLiteral("gb"));
  diffRect_->axis(QCPAxis::atLeft)->setNumberPrecision(1);
  styleAxes();
  retranslate();
}

double TrainingLossPlotWidget::largestDifference(std::size_t config) const {
  if (config >= outcome_.configs.size()) return 0;
  const auto& losses = outcome_.configs[config].losses;
  double most = 0;
  for (std::size_t r = 1; r < losses.size(); ++r) {
    for (std::size_t step = 0; step < losses[r].size() && step < losses[0].size(); ++step) {
      most = std::max(most, std::fabs(static_cast<double>(losses[r][step]) -
                                      static_cast<double>(losses[0][step])));
    }
  }
  return most;
}

void TrainingLossPlotWidget::setOutcome(const demo::TrainingOutcome& outcome) {
  outcome_ = outcome;
  plot()->clearGraphs();
  points_ = 0;
  // Full determinism first, default settings over it: where both agree, both stay visible.
  for (std::size_t k = outcome_.configs.size(); k-- > 0;) {
    const auto& config = outcome_.configs[k];
    const QColor colour = k == 0 ? plotstyle::secondary() : plotstyle::primary();
    for (std::size_t r = 0; r < config.losses.size(); ++r) {
      QCPGraph* g = plot()->addGraph();
      g->setPen(QPen(colour, k == 0 ? 1.5 : 3, r == 0 ? Qt::SolidLine : Qt::DashLine));
      for (std::size_t step = 0; step < config.losses[r].size(); ++step) {
        g->addData(static_cast<double>(step), static_cast<double>(config.losses[r][step]));
        ++points_;
      }
      if (r == 0) {
        g->setName(
            k == 0 ? tr("default settings (%n runs)", "", static_cast<int>(config.losses.size()))
                   : tr("full determinism (%n runs)", "", static_cast<int>(config.losses.size())));
      } else {
        g->removeFromLegend();
      }
      if (r == 0) continue;
      // Below: this run's loss minus run 1's, step by step.
      QCPGraph* d =
          plot()->addGraph(diffRect_->axis(QCPAxis::atBottom), diffRect_->axis(QCPAxis::atLeft));
      d->setPen(QPen(colour, k == 0 ? 1.5 : 3));
      d->removeFromLegend();
      for (std::size_t step = 0; step < config.losses[r].size(); ++step) {
        d->addData(static_cast<double>(step), static_cast<double>(config.losses[r][step]) -
                                                  static_cast<double>(config.losses[0][step]));
      }
    }
  }
  resetView();
}

void TrainingLossPlotWidget::resetView() {
  bool found = false;
  double steps = 10;
  for (int i = 0; i < plot()->graphCount(); ++i) {
    QCPGraph* g = plot()->graph(i);
    if (g->valueAxis() != plot()->yAxis) continue;
    const QCPRange k = g->getKeyRange(found);
    if (found) steps = std::max(steps, k.upper);
  }
  plot()->rescaleAxes();
  plot()->xAxis->setRange(0, steps);
  double most = 0;
  for (std::size_t c = 0; c < outcome_.configs.size(); ++c)
    most = std::max(most, largestDifference(c));
  // Symmetric about zero; a flat zero line still has an axis to sit on.
  const double half = most > 0 ? most * 1.25 : 1e-7;
  diffRect_->axis(QCPAxis::atLeft)->setRange(-half, half);
  requestReplot();
}

void TrainingLossPlotWidget::retranslate() {
  title_->setText(tr("Training loss of every run"));
  plot()->xAxis->setLabel(QString());
  plot()->yAxis->setLabel(tr("loss"));
  diffRect_->axis(QCPAxis::atBottom)->setLabel(tr("step"));
  diffRect_->axis(QCPAxis::atLeft)->setLabel(tr("loss − run 1's"));
  if (!outcome_.configs.empty()) setOutcome(outcome_);
}

}  // namespace detbench::gui
