#include "plot/InvariancePlotWidget.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <map>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

namespace {

// The points of a result in the order they are drawn: by rows on the batches axis (the full
// batch runs first but belongs last), as run otherwise.
std::vector<const InvariancePoint*> ordered(const InvarianceResult& r) {
  std::vector<const InvariancePoint*> points;
  for (const auto& p : r.points) points.push_back(&p);
  if (r.axis == InvarianceAxis::Batches) {
    std::stable_sort(
        points.begin(), points.end(),
        [](const InvariancePoint* a, const InvariancePoint* b) { return a->rows < b->rows; });
  }
  return points;
}

// What a point is compared with: the row computed alone where there is one, else the first
// configuration.
const OutputDiff* distanceOf(const InvariancePoint& p, InvarianceAxis axis) {
  if (axis == InvarianceAxis::Batches && p.comparedToOne) return &p.diffToOne;
  return p.compared ? &p.diff : nullptr;
}

}  // namespace

InvariancePlotWidget::InvariancePlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  timeRect_ = new QCPAxisRect(plot());
  plot()->plotLayout()->addElement(1, 1, timeRect_);
  plot()->plotLayout()->setRowStretchFactor(0, 0.001);
  plot()->plotLayout()->setColumnStretchFactor(0, 3);
  plot()->plotLayout()->setColumnStretchFactor(1, 2);
  // The legends in a row under the panels: inside them, on a small screen, they hid the points
  // they name.
  timeLegend_ = new QCPLegend;
  plot()->plotLayout()->addElement(2, 1, timeLegend_);
  timeLegend_->setLayer(QStringLiteral("legend"));
  plot()->plotLayout()->setRowStretchFactor(2, 0.001);

  plot()->yAxis->setScaleType(QCPAxis::stLogarithmic);
  QSharedPointer<QCPAxisTickerLog> logTicks(new QCPAxisTickerLog);
  plot()->yAxis->setTicker(logTicks);
  plot()->yAxis->setNumberFormat(QStringLiteral("eb"));
  plot()->yAxis->setNumberPrecision(0);
  forms_[0] = makeForm(false);
  forms_[1] = makeForm(true);

  identicalLine_ = new QCPItemStraightLine(plot());
  identicalLine_->point1->setAxes(plot()->xAxis, plot()->yAxis);
  identicalLine_->point2->setAxes(plot()->xAxis, plot()->yAxis);
  identicalLine_->point1->setCoords(0, kIdentical);
  identicalLine_->point2->setCoords(1, kIdentical);
  identicalLine_->setPen(QPen(plotstyle::good(), 1, Qt::DashLine));
  identicalLabel_ = new QCPItemText(plot());
  identicalLabel_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
  identicalLabel_->position->setTypeY(QCPItemPosition::ptPlotCoords);
  identicalLabel_->position->setAxes(plot()->xAxis, plot()->yAxis);
  identicalLabel_->position->setCoords(0.99, kIdentical);
  identicalLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
  identicalLabel_->setPadding(QMargins(0, 0, 0, 6));
  identicalLabel_->setColor(plotstyle::good().darker(130));

  plot()->legend->setVisible(true);
  plot()->axisRect(0)->insetLayout()->take(plot()->legend);
  plot()->plotLayout()->addElement(2, 0, plot()->legend);
  plot()->legend->setWrap(2);
  plot()->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  plot()->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  styleAxes();
  retranslate();
}

InvariancePlotWidget::FormGraphs InvariancePlotWidget::makeForm(bool invariant) {
  const auto shape = invariant ? QCPScatterStyle::ssSquare : QCPScatterStyle::ssCircle;
  FormGraphs g{};
  g.same = plot()->addGraph();
  g.same->setLineStyle(QCPGraph::lsNone);
  g.same->setScatterStyle(QCPScatterStyle(shape, plotstyle::good(), plotstyle::good(), 9));
  g.differs = plot()->addGraph();
  g.differs->setLineStyle(QCPGraph::lsNone);
  g.differs->setScatterStyle(QCPScatterStyle(shape, plotstyle::bad(), plotstyle::bad(), 9));
  g.time = new QCPGraph(timeRect_->axis(QCPAxis::atBottom), timeRect_->axis(QCPAxis::atLeft));
  const QColor c = invariant ? plotstyle::secondary() : plotstyle::primary();
  g.time->setPen(QPen(c, 2));
  g.time->setScatterStyle(QCPScatterStyle(shape, c, c, 7));
  g.time->removeFromLegend();
  g.time->addToLegend(timeLegend_);
  return g;
}

int InvariancePlotWidget::pointCount() const {
  return points_;
}

void InvariancePlotWidget::setOutcomes(const std::vector<InvarianceOutcome>& outcomes) {
  for (auto& f : forms_) {
    f.same->data()->clear();
    f.differs->data()->clear();
    f.time->data()->clear();
  }
  QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
  QSharedPointer<QCPAxisTickerText> names2(new QCPAxisTickerText);
  configurations_ = 0;
  maxUlp_ = 1;
  maxTime_ = 0;
  points_ = 0;
  const bool two = outcomes.size() > 1;
  for (const auto& outcome : outcomes) {
    const InvarianceResult& r = outcome.result;
    axis_ = r.axis;
    const FormGraphs& g = forms_[outcome.invariantForm ? 1 : 0];
    const auto points = ordered(r);
    configurations_ = std::max(configurations_, static_cast<int>(points.size()));
    // Side by side when both forms are drawn.
    const double shift = two ? (outcome.invariantForm ? 0.12 : -0.12) : 0.0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const InvariancePoint& p = *points[i];
      const double x = static_cast<double>(i) + 1;
      const QString label = r.axis == InvarianceAxis::Batches ? QString::number(p.rows)
                                                              : QString::fromStdString(p.label);
      names->addTick(x, label);
      names2->addTick(x, label);
      if (p.run.failed() || p.run.trials.empty()) continue;
      if (const OutputDiff* d = distanceOf(p, r.axis)) {
        if (d->nDiff == 0) {
          g.same->addData(x + shift, kIdentical);
        } else {
          const double ulp = std::max(1.0, static_cast<double>(d->maxUlp));
          g.differs->addData(x + shift, ulp);
          maxUlp_ = std::max(maxUlp_, ulp);
        }
        ++points_;
      }
      const double perRow = r.axis == InvarianceAxis::Batches ? static_cast<double>(p.rows) : 1.0;
      const double us = p.run.summary.time.median / perRow / 1e3;
      g.time->addData(x, us);
      maxTime_ = std::max(maxTime_, us);
    }
  }
  plot()->xAxis->setTicker(names);
  timeRect_->axis(QCPAxis::atBottom)->setTicker(names2);
  forms_[1].same->setVisible(two);
  forms_[1].differs->setVisible(two);
  forms_[1].time->setVisible(two);
  for (QCPGraph* g : {forms_[1].same, forms_[1].differs}) {
    if (two) {
      g->addToLegend();
    } else {
      g->removeFromLegend();
    }
  }
  plot()->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  if (two) {
    forms_[1].time->addToLegend(timeLegend_);
  } else {
    forms_[1].time->removeFromLegend(timeLegend_);
  }
  timeLegend_->setVisible(two);
  retranslate();
  resetView();
  requestReplot();
}

void InvariancePlotWidget::resetView() {
  const double n = std::max(1, configurations_);
  plot()->xAxis->setRange(0.4, n + 0.6);
  timeRect_->axis(QCPAxis::atBottom)->setRange(0.4, n + 0.6);
  // A decade above the highest point, and 15 % above the slowest (the legends are below).
  plot()->yAxis->setRange(kIdentical * 0.6, std::max(10.0, maxUlp_) * 10);
  timeRect_->axis(QCPAxis::atLeft)->setRange(0, maxTime_ > 0 ? maxTime_ * 1.15 : 1);
}

void InvariancePlotWidget::retranslate() {
  const bool batches = axis_ == InvarianceAxis::Batches;
  title_->setText(batches ? tr("Does a row's result depend on its batch?")
                          : tr("Does the result depend on the configuration?"));
  const QString what = batches                            ? tr("batch size (rows)")
                       : axis_ == InvarianceAxis::Threads ? tr("threads")
                                                          : tr("device");
  plot()->xAxis->setLabel(what);
  timeRect_->axis(QCPAxis::atBottom)->setLabel(what);
  // Short enough for the panel's height at 720 pixels (the title and the table say the rest).
  plot()->yAxis->setLabel(batches ? tr("max ULP, row 0 vs alone") : tr("max ULP vs the first"));
  timeRect_->axis(QCPAxis::atLeft)
      ->setLabel(batches ? tr("time per row (µs)") : tr("time per trial (µs)"));
  identicalLabel_->setText(tr("identical (0 ULP)"));
  forms_[0].same->setName(batches ? tr("default form: identical") : tr("identical"));
  forms_[0].differs->setName(batches ? tr("default form: differs") : tr("differs"));
  forms_[1].same->setName(tr("batch-invariant form: identical"));
  forms_[1].differs->setName(tr("batch-invariant form: differs"));
  forms_[0].time->setName(tr("default form"));
  forms_[1].time->setName(tr("batch-invariant form"));
}

}  // namespace detbench::gui
