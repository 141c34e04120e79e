#include "plot/DecoderDivergencePlotWidget.hpp"

#include <qcustomplot.h>

#include <algorithm>

#include "detbench/report/Format.hpp"
#include "plot/PlotStyle.hpp"

namespace detbench::gui {

DecoderDivergencePlotWidget::DecoderDivergencePlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  forms_[0] = makeForm(false);
  forms_[1] = makeForm(true);
  // The legend says what the colours mean; the shapes (circles: default kernels, squares:
  // batch-invariant ones) are in the subtitle.
  subtitle_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->insertRow(1);
  plot()->plotLayout()->addElement(1, 0, subtitle_);
  for (QCPGraph* g : {forms_[1].same, forms_[1].logits, forms_[1].tokens}) g->removeFromLegend();
  plot()->legend->setVisible(true);
  plot()->legend->setWrap(3);
  plot()->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  plot()->axisRect(0)->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  plot()->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  styleAxes();
  retranslate();
}

DecoderDivergencePlotWidget::FormGraphs DecoderDivergencePlotWidget::makeForm(bool invariant) {
  const auto shape = invariant ? QCPScatterStyle::ssSquare : QCPScatterStyle::ssCircle;
  auto graph = [this, shape](const QColor& c) {
    QCPGraph* g = plot()->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(shape, c, c, 10));
    return g;
  };
  return {graph(plotstyle::good()), graph(plotstyle::secondary()), graph(plotstyle::bad())};
}

int DecoderDivergencePlotWidget::pointCount() const {
  int n = 0;
  for (const auto& f : forms_)
    n += f.same->dataCount() + f.logits->dataCount() + f.tokens->dataCount();
  return n;
}

void DecoderDivergencePlotWidget::setOutcome(const demo::DecoderOutcome& outcome, int steps) {
  for (auto& f : forms_) {
    f.same->data()->clear();
    f.logits->data()->clear();
    f.tokens->data()->clear();
  }
  for (auto* label : labels_) plot()->removeItem(label);
  labels_.clear();
  steps_ = std::max(1, steps);
  batches_ = 0;
  QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
  for (const auto& form : outcome.forms) {
    const FormGraphs& g = forms_[form.batchInvariant ? 1 : 0];
    const double shift = form.batchInvariant ? 0.13 : -0.13;
    batches_ = std::max(batches_, static_cast<int>(form.batches.size()));
    for (std::size_t i = 0; i < form.batches.size(); ++i) {
      const auto& b = form.batches[i];
      const double x = static_cast<double>(i) + 1;
      names->addTick(x, i == 0 ? tr("%1 (alone)").arg(b.batchSize) : QString::number(b.batchSize));
      if (b.firstDifferentLogits < 0) {
        g.same->addData(x + shift, steps_);
        continue;
      }
      g.logits->addData(x + shift, b.firstDifferentLogits);
      if (b.divergedAt < 0) continue;
      g.tokens->addData(x + shift, b.divergedAt);
      // Beside the marker, on the side with room (the left for the last batch sizes).
      const bool left = i + 1 >= form.batches.size() / 2 + 1;
      auto* label = new QCPItemText(plot());
      label->position->setCoords(x + shift, b.divergedAt);
      label->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
      label->setPadding(left ? QMargins(0, 0, 10, 0) : QMargins(10, 0, 0, 0));
      label->setColor(plotstyle::bad().darker(120));
      label->setText(
          tr("token flips: logit gap %1").arg(QString::fromStdString(formatFloat(b.flipGap))));
      labels_.push_back(label);
    }
  }
  plot()->xAxis->setTicker(names);
  resetView();
  requestReplot();
}

void DecoderDivergencePlotWidget::resetView() {
  plot()->xAxis->setRange(0.4, std::max(1, batches_) + 0.6);
  plot()->yAxis->setRange(-steps_ * 0.05, steps_ * 1.35);
}

void DecoderDivergencePlotWidget::retranslate() {
  title_->setText(tr("When does the prompt's output change with its batch?"));
  plot()->xAxis->setLabel(tr("batch size the prompt was generated in"));
  plot()->yAxis->setLabel(tr("generation step"));
  subtitle_->setText(tr("circles: default kernels; squares: batch-invariant kernels"));
  forms_[0].same->setName(tr("the same logits as alone, to the last step"));
  forms_[0].logits->setName(tr("first step with other logits"));
  forms_[0].tokens->setName(tr("first other token"));
}

}  // namespace detbench::gui
