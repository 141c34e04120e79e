#include "plot/TrainingDivergencePlotWidget.hpp"

#include <qcustomplot.h>

#include <cmath>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

TrainingDivergencePlotWidget::TrainingDivergencePlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  plot()->yAxis->setScaleType(QCPAxis::stLogarithmic);
  plot()->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  plot()->legend->setVisible(true);
  // The distance rises to the upper right: the legend goes below it.
  plot()->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  styleAxes();
  retranslate();
}

void TrainingDivergencePlotWidget::setOutcome(const demo::TrainingOutcome& outcome) {
  outcome_ = outcome;
  plot()->clearGraphs();
  points_ = 0;
  for (std::size_t c = 0; c < outcome_.configs.size(); ++c) {
    const auto& config = outcome_.configs[c];
    QCPGraph* g = plot()->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc,
                                       c == 0 ? plotstyle::secondary() : plotstyle::primary(), 5));
    g->setName(c == 0 ? tr("default settings") : tr("full determinism"));
    // The largest distance of any run's weights from run 1's, step by step: it starts at a
    // last-bit difference and grows as training carries it forward.
    for (std::size_t step = 0;
         !config.parameterDistance.empty() && step < config.parameterDistance.front().size();
         ++step) {
      double most = 0;
      for (const auto& run : config.parameterDistance) {
        if (step < run.size()) most = std::max(most, run[step]);
      }
      if (most > 0) {
        g->addData(static_cast<double>(step), most);
        ++points_;
      }
    }
  }
  resetView();
}

void TrainingDivergencePlotWidget::resetView() {
  double steps = 10;
  if (!outcome_.configs.empty() && !outcome_.configs.front().losses.empty()) {
    steps = static_cast<double>(outcome_.configs.front().losses.front().size());
  }
  plot()->xAxis->setRange(0, steps);
  bool found = false;
  const QCPRange y = plot()->graphCount() > 0 ? plot()->graph(0)->getValueRange(found) : QCPRange();
  plot()->yAxis->setRange(found ? QCPRange(y.lower / 3, y.upper * 3) : QCPRange(1e-9, 1e-1));
  requestReplot();
}

void TrainingDivergencePlotWidget::retranslate() {
  title_->setText(tr("How far the weights drift from run 1's (no point: identical)"));
  plot()->xAxis->setLabel(tr("step"));
  plot()->yAxis->setLabel(tr("‖θ − θ of run 1‖ / ‖θ of run 1‖"));
  if (!outcome_.configs.empty()) setOutcome(outcome_);
}

}  // namespace detbench::gui
