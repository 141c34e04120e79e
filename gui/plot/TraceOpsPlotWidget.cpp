#include "plot/TraceOpsPlotWidget.hpp"

#include <qcustomplot.h>

#include <cmath>

#include "plot/PlotStyle.hpp"

namespace detbench::gui {

namespace {

using trace::OpStatus;

QCPGraph* pointsGraph(QCustomPlot* plot, const QColor& colour, double size) {
  QCPGraph* g = plot->addGraph();
  g->setLineStyle(QCPGraph::lsNone);
  g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, size));
  return g;
}

}  // namespace

TraceOpsPlotWidget::TraceOpsPlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  line_ = new QCPCurve(plot()->xAxis, plot()->yAxis);
  line_->setPen(QPen(plotstyle::good(), 2));
  notCompared_ = pointsGraph(plot(), plotstyle::muted(), 3);
  absorbed_ = pointsGraph(plot(), plotstyle::primary(), 4);
  inherited_ = pointsGraph(plot(), plotstyle::secondary(), 4);
  causes_ = pointsGraph(plot(), plotstyle::bad(), 10);
  // The legend in one line under the axes: inside them it would hide the runs' points.
  plot()->legend->setVisible(true);
  plot()->axisRect(0)->insetLayout()->take(plot()->legend);
  plot()->plotLayout()->addElement(2, 0, plot()->legend);
  plot()->plotLayout()->setRowStretchFactor(2, 0.001);
  plot()->legend->setWrap(3);
  plot()->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  plot()->legend->setMargins(QMargins(4, 2, 4, 2));
  plot()->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot()->axisRect(0)->setRangeZoom(Qt::Horizontal);
  plot()->axisRect(0)->setRangeDrag(Qt::Horizontal);
  styleAxes();
  retranslate();
}

void TraceOpsPlotWidget::setConfig(const trace::TraceConfigResult* config) {
  line_->data()->clear();
  for (QCPGraph* g : {causes_, inherited_, absorbed_, notCompared_}) g->data()->clear();
  runs_.clear();
  statuses_.clear();
  points_ = 0;
  maxOps_ = 0;
  QSharedPointer<QCPAxisTickerText> rows(new QCPAxisTickerText);
  configName_ = config ? QString::fromStdString(config->config.name) : QString();
  if (config) {
    const auto& runs = config->alignment.runs;
    for (std::size_t r = 1; r < runs.size(); ++r) {
      const auto& statuses = runs[r].statuses;
      const double y = static_cast<double>(runs_.size()) + 1;
      runs_.push_back(runs[r].run);
      statuses_.push_back(statuses);
      rows->addTick(y, tr("run %1").arg(runs[r].run));
      maxOps_ = std::max<std::int64_t>(maxOps_, static_cast<std::int64_t>(statuses.size()));
      std::size_t inherited = 0;
      for (const auto s : statuses) inherited += s == OpStatus::Inherited ? 1 : 0;
      const std::size_t step = std::max<std::size_t>(1, inherited / kMaxInheritedPerRun + 1);
      std::size_t seen = 0;
      // The run's line: from its first op to its last, broken between runs (NaN).
      if (!statuses.empty()) {
        const double t = static_cast<double>(line_->dataCount());
        line_->addData(t, 1, y);
        line_->addData(t + 1, static_cast<double>(statuses.size()), y);
        line_->addData(t + 2, qQNaN(), qQNaN());
      }
      for (std::size_t i = 0; i < statuses.size(); ++i) {
        const double x = static_cast<double>(i) + 1;
        switch (statuses[i]) {
          case OpStatus::Introduced:
          case OpStatus::Data:
          case OpStatus::Uninitialized:
            causes_->addData(x, y);
            ++points_;
            break;
          case OpStatus::Inherited:
            if (seen++ % step == 0) {
              inherited_->addData(x, y);
              ++points_;
            }
            break;
          case OpStatus::Absorbed:
          case OpStatus::Unused:
            absorbed_->addData(x, y);
            ++points_;
            break;
          case OpStatus::NotCompared:
            // Past a parting every op is not compared: draw where that begins, not each op.
            if (i == 0 || statuses[i - 1] != OpStatus::NotCompared) {
              notCompared_->addData(x, y);
              ++points_;
            }
            break;
          case OpStatus::Equal:
            break;
        }
      }
    }
  }
  plot()->yAxis->setTicker(rows);
  retranslate();
  resetView();
  requestReplot();
}

void TraceOpsPlotWidget::resetView() {
  plot()->xAxis->setRange(0, std::max<double>(10, static_cast<double>(maxOps_) + 1));
  plot()->yAxis->setRange(0.3, static_cast<double>(runs_.size()) + 0.7);
}

void TraceOpsPlotWidget::retranslate() {
  title_->setText(configName_.isEmpty() ? tr("Ops of the traced runs against run 1")
                                        : tr("Ops against run 1: %1").arg(configName_));
  plot()->xAxis->setLabel(tr("op (in the order the script ran them)"));
  plot()->yAxis->setLabel(QString());
  causes_->setName(tr("cause"));
  inherited_->setName(tr("inherited"));
  absorbed_->setName(tr("absorbed, or unused"));
  notCompared_->setName(tr("not compared from here"));
  line_->setName(tr("equal to run 1 (to the run's end)"));
}

QString TraceOpsPlotWidget::hoverText(const QPoint& pos) const {
  const long op = std::lround(plot()->xAxis->pixelToCoord(pos.x()));
  const long row = std::lround(plot()->yAxis->pixelToCoord(pos.y()));
  if (row < 1 || row > static_cast<long>(statuses_.size()) || op < 1) return {};
  const auto& statuses = statuses_[static_cast<std::size_t>(row - 1)];
  if (op > static_cast<long>(statuses.size())) return {};
  QString what;
  switch (statuses[static_cast<std::size_t>(op - 1)]) {
    case OpStatus::Equal:
      what = tr("equal to run 1");
      break;
    case OpStatus::Introduced:
      what = tr("a cause: equal inputs, other outputs");
      break;
    case OpStatus::Data:
      what = tr("a cause: data from outside that differs");
      break;
    case OpStatus::Uninitialized:
      what = tr("a cause: uninitialized memory");
      break;
    case OpStatus::Inherited:
      what = tr("inherited from an earlier op");
      break;
    case OpStatus::Absorbed:
      what = tr("inputs differ, outputs equal");
      break;
    case OpStatus::Unused:
      what = tr("other bits that no result uses (a note)");
      break;
    case OpStatus::NotCompared:
      what = tr("not compared");
      break;
  }
  return tr("run %1, op %2: %3").arg(runs_[static_cast<std::size_t>(row - 1)]).arg(op).arg(what);
}

}  // namespace detbench::gui
