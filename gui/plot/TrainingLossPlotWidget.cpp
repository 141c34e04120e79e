#include "plot/TrainingLossPlotWidget.hpp"

#include <qcustomplot.h>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

TrainingLossPlotWidget::TrainingLossPlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  plot()->legend->setVisible(true);
  styleAxes();
  retranslate();
}

void TrainingLossPlotWidget::setOutcome(const demo::TrainingOutcome& outcome) {
  outcome_ = outcome;
  plot()->clearGraphs();
  points_ = 0;
  for (std::size_t c = 0; c < outcome_.configs.size(); ++c) {
    const auto& config = outcome_.configs[c];
    const QColor colour = c == 0 ? plotstyle::secondary() : plotstyle::primary();
    for (std::size_t r = 0; r < config.losses.size(); ++r) {
      QCPGraph* g = plot()->addGraph();
      g->setPen(QPen(colour, c == 0 ? 1.5 : 2.5, r == 0 ? Qt::SolidLine : Qt::DashLine));
      for (std::size_t step = 0; step < config.losses[r].size(); ++step) {
        g->addData(static_cast<double>(step), static_cast<double>(config.losses[r][step]));
        ++points_;
      }
      if (r == 0) {
        g->setName(
            c == 0 ? tr("default settings (%n runs)", "", static_cast<int>(config.losses.size()))
                   : tr("full determinism (%n runs)", "", static_cast<int>(config.losses.size())));
      } else {
        g->removeFromLegend();
      }
    }
  }
  resetView();
}

void TrainingLossPlotWidget::resetView() {
  plot()->rescaleAxes();
  requestReplot();
}

void TrainingLossPlotWidget::retranslate() {
  title_->setText(tr("Training loss of every run"));
  plot()->xAxis->setLabel(tr("step"));
  plot()->yAxis->setLabel(tr("loss"));
  if (!outcome_.configs.empty()) setOutcome(outcome_);
}

}  // namespace detbench::gui
