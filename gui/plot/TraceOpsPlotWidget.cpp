#include "plot/TraceOpsPlotWidget.hpp"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

#include "plot/PlotStyle.hpp"
#include "widgets/TraceTexts.hpp"

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
  // The axis's height is known once laid out: the labels are fitted to it then.
  connect(plot(), &QCustomPlot::afterLayout, this, &TraceOpsPlotWidget::fitRowLabels);
}

void TraceOpsPlotWidget::fitRowLabels() {
  const double height = plot()->axisRect(0)->height();
  int every = 1;
  if (!rows_.empty() && height > 0) {
    const double perRow = height / (static_cast<double>(rows_.size()) + 0.4);  // the y range
    const double line = QFontMetricsF(plot()->yAxis->tickLabelFont()).height();
    if (perRow < line) every = static_cast<int>(std::ceil(line / perRow));
  }
  if (every == labelsEvery_) return;
  labelsEvery_ = every;
  // The rows with a cause first, then from the first row up, each keeping its neighbours within
  // k - 1 rows unlabelled.
  std::vector<bool> blocked(rows_.size(), false);
  QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
  const auto label = [&](std::size_t i) {
    if (blocked[i]) return;
    ticks->addTick(static_cast<double>(i) + 1, rows_[i].label);
    const std::size_t reach = static_cast<std::size_t>(every) - 1;
    for (std::size_t j = i >= reach ? i - reach : 0; j <= i + reach && j < rows_.size(); ++j) {
      blocked[j] = true;
    }
  };
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const auto& st = rows_[i].statuses;
    if (std::any_of(st.begin(), st.end(), [](OpStatus x) {
          return x == OpStatus::Introduced || x == OpStatus::Data || x == OpStatus::Uninitialized;
        })) {
      label(i);
    }
  }
  for (std::size_t i = 0; i < rows_.size(); ++i) label(i);
  plot()->yAxis->setTicker(ticks);
  // The layout just made its ticks from the ticker before: made again, this drawing (a replot,
  // or an export at its own size) shows these. Its afterLayout finds nothing more to change.
  for (const auto phase :
       {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout}) {
    plot()->plotLayout()->update(phase);
  }
}

namespace {

bool differs(const std::vector<OpStatus>& statuses) {
  return std::any_of(statuses.begin(), statuses.end(),
                     [](OpStatus s) { return s != OpStatus::Equal; });
}

// The threads drawn: the main thread (0), then the script's threads that ran an op in a run
// after the first, those where a run differs first when there are more than `most`.
std::vector<int> lanesOf(const trace::TraceConfigResult& config, std::size_t most, int& left) {
  const auto& runs = config.alignment.runs;
  std::size_t threads = 0;
  for (std::size_t r = 1; r < runs.size(); ++r) {
    threads = std::max(threads, runs[r].threadStatuses.size());
  }
  std::vector<int> differing, agreeing;
  for (std::size_t t = 1; t <= threads; ++t) {
    bool ran = false, differed = false;
    for (std::size_t r = 1; r < runs.size(); ++r) {
      const auto& statuses = runs[r].statusesOf(static_cast<int>(t));
      ran = ran || !statuses.empty();
      differed = differed || differs(statuses);
    }
    if (ran) (differed ? differing : agreeing).push_back(static_cast<int>(t));
  }
  // The main thread, unless it ran no op where others did (a process pool's view: its tasks).
  bool mainRan = false;
  for (std::size_t r = 1; r < runs.size(); ++r) mainRan = mainRan || !runs[r].statuses.empty();
  std::vector<int> lanes;
  if (mainRan || (differing.empty() && agreeing.empty())) lanes.push_back(0);
  for (const auto* group : {&differing, &agreeing}) {
    for (int t : *group) {
      if (lanes.size() < most) lanes.push_back(t);
    }
  }
  std::sort(lanes.begin(), lanes.end());
  left = static_cast<int>(differing.size() + agreeing.size()) -
         static_cast<int>(std::count_if(lanes.begin(), lanes.end(), [](int t) { return t > 0; }));
  return lanes;
}

}  // namespace

void TraceOpsPlotWidget::setConfig(const trace::TraceConfigResult* config) {
  line_->data()->clear();
  for (QCPGraph* g : {causes_, inherited_, absorbed_, notCompared_}) g->data()->clear();
  rows_.clear();
  points_ = 0;
  maxOps_ = 0;
  lanes_ = 1;
  threadsLeft_ = 0;
  labelsEvery_ = 0;
  configName_ = config ? QString::fromStdString(config->config.name) : QString();
  if (config) {
    const std::vector<int> lanes = lanesOf(*config, kMaxLanes, threadsLeft_);
    lanes_ = static_cast<int>(lanes.size());
    const auto& runs = config->alignment.runs;
    for (std::size_t r = 1; r < runs.size(); ++r) {
      for (const int thread : lanes) {
        Row row;
        row.run = runs[r].run;
        row.thread = thread;
        row.threadName = QString::fromStdString(config->alignment.threadName(thread));
        row.statuses = runs[r].statusesOf(thread);
        const double y = static_cast<double>(rows_.size()) + 1;
        QString label = tr("run %1").arg(row.run);
        if (lanes.size() > 1 || thread != 0) {
          label =
              thread == 0
                  ? tr("run %1, main thread").arg(row.run)
                  : tr("run %1, %2").arg(row.run).arg(tracetext::laneText(row.threadName, thread));
        }
        row.label = label;
        addRow(std::move(row), y);
      }
    }
  }
  fitRowLabels();
  retranslate();
  resetView();
  requestReplot();
}

void TraceOpsPlotWidget::addRow(Row row, double y) {
  const auto& statuses = row.statuses;
  maxOps_ = std::max<std::int64_t>(maxOps_, static_cast<std::int64_t>(statuses.size()));
  std::size_t inherited = 0;
  for (const auto s : statuses) inherited += s == OpStatus::Inherited ? 1 : 0;
  const std::size_t step = std::max<std::size_t>(1, inherited / kMaxInheritedPerRun + 1);
  std::size_t seen = 0;
  // The row's line: over the ops compared, from the first to the last (past where the runs part,
  // or outside the window, nothing was), broken between rows (NaN).
  const auto compared = [](OpStatus s) { return s != OpStatus::NotCompared; };
  const auto first = std::find_if(statuses.begin(), statuses.end(), compared);
  if (first != statuses.end()) {
    const auto last = std::find_if(statuses.rbegin(), statuses.rend(), compared);
    row.line = {static_cast<std::size_t>(first - statuses.begin()) + 1,
                statuses.size() - static_cast<std::size_t>(last - statuses.rbegin())};
    const double t = static_cast<double>(line_->dataCount());
    line_->addData(t, static_cast<double>(row.line->first), y);
    line_->addData(t + 1, static_cast<double>(row.line->second), y);
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
  rows_.push_back(std::move(row));
}

std::optional<std::pair<std::size_t, std::size_t>> TraceOpsPlotWidget::lineSpan(
    std::size_t row) const {
  return row < rows_.size() ? rows_[row].line : std::nullopt;
}

QStringList TraceOpsPlotWidget::rowLabels() const {
  QStringList out;
  const auto ticker = plot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    out << (ticker ? ticker->ticks().value(static_cast<double>(i) + 1) : QString());
  }
  return out;
}

QString TraceOpsPlotWidget::titleText() const {
  return title_->text();
}

void TraceOpsPlotWidget::resetView() {
  plot()->xAxis->setRange(0, std::max<double>(10, static_cast<double>(maxOps_) + 1));
  plot()->yAxis->setRange(0.3, static_cast<double>(rows_.size()) + 0.7);
}

void TraceOpsPlotWidget::retranslate() {
  QString title = configName_.isEmpty() ? tr("Ops of the traced runs against run 1")
                                        : tr("Ops against run 1: %1").arg(configName_);
  if (threadsLeft_ > 0) title += tr(" (threads not drawn: %n)", "", threadsLeft_);
  title_->setText(title);
  plot()->xAxis->setLabel(lanes_ > 1 ? tr("op (in the order its thread ran them)")
                                     : tr("op (in the order the script ran them)"));
  plot()->yAxis->setLabel(QString());
  causes_->setName(tr("cause"));
  inherited_->setName(tr("inherited"));
  absorbed_->setName(tr("absorbed, or unused"));
  notCompared_->setName(tr("not compared from here"));
  line_->setName(tr("equal to run 1 (where compared)"));
}

QString TraceOpsPlotWidget::hoverText(const QPoint& pos) const {
  const long op = std::lround(plot()->xAxis->pixelToCoord(pos.x()));
  const long row = std::lround(plot()->yAxis->pixelToCoord(pos.y()));
  if (row < 1 || row > static_cast<long>(rows_.size()) || op < 1) return {};
  const Row& shown = rows_[static_cast<std::size_t>(row - 1)];
  const auto& statuses = shown.statuses;
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
  if (shown.thread == 0) return tr("run %1, op %2: %3").arg(shown.run).arg(op).arg(what);
  const QString thread = shown.threadName.isEmpty()
                             ? QString::number(shown.thread)
                             : QStringLiteral("%1 (%2)").arg(shown.thread).arg(shown.threadName);
  return tr("run %1, op %2 on thread %3: %4").arg(shown.run).arg(op).arg(thread).arg(what);
}

}  // namespace detbench::gui
