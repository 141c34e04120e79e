#include "plot/ComparePlotWidget.hpp"

#include <qcustomplot.h>

#include <algorithm>

#include "common/Verdict.hpp"
#include "detbench/run/Statistics.hpp"
#include "plot/PlotStyle.hpp"

namespace detbench::gui {

CompareEntry CompareEntry::fromRun(const RunResult& run, const QString& name) {
  CompareEntry e;
  e.name = name;
  e.trials = run.summary.trials;
  e.distinct = run.summary.distinctDigests;
  e.failed = run.failed();
  for (const auto& t : run.trials) e.timesUs.push_back(static_cast<double>(t.timeNs) / 1e3);
  return e;
}

ComparePlotWidget::ComparePlotWidget(QWidget* parent) : PlotWidget(parent) {
  plot()->plotLayout()->insertRow(0);
  title_ = new QCPTextElement(plot(), QString());
  plot()->plotLayout()->addElement(0, 0, title_);
  timeRect_ = new QCPAxisRect(plot());
  plot()->plotLayout()->addElement(1, 1, timeRect_);
  plot()->plotLayout()->setRowStretchFactor(0, 0.001);

  reproducible_ = new QCPBars(plot()->xAxis, plot()->yAxis);
  reproducible_->setBrush(plotstyle::good());
  reproducible_->setPen(QPen(plotstyle::good().darker(130)));
  varying_ = new QCPBars(plot()->xAxis, plot()->yAxis);
  varying_->setBrush(plotstyle::bad());
  varying_->setPen(QPen(plotstyle::bad().darker(130)));
  reproducible_->setWidth(0.6);
  varying_->setWidth(0.6);

  boxes_ =
      new QCPStatisticalBox(timeRect_->axis(QCPAxis::atBottom), timeRect_->axis(QCPAxis::atLeft));
  boxes_->setBrush(QColor(31, 119, 180, 60));
  boxes_->setWidth(0.5);
  boxes_->setWhiskerWidth(0.3);
  plot()->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  timeRect_->setRangeDrag(Qt::Vertical);
  timeRect_->setRangeZoom(Qt::Vertical);
  plot()->axisRect(0)->setRangeDrag(Qt::Vertical);
  plot()->axisRect(0)->setRangeZoom(Qt::Vertical);
  styleAxes();
  retranslate();
}

int ComparePlotWidget::pointCount() const {
  return static_cast<int>(entries_.size());
}

void ComparePlotWidget::setEntries(const std::vector<CompareEntry>& entries, int baseline) {
  entries_ = entries;
  baseline_ = baseline;
  reproducible_->data()->clear();
  varying_->data()->clear();
  boxes_->data()->clear();
  for (auto* label : labels_) plot()->removeItem(label);
  labels_.clear();

  QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
  QSharedPointer<QCPAxisTickerText> names2(new QCPAxisTickerText);
  // Medians first: the unit is the baseline's (else the first measured one's).
  std::vector<BoxStats> stats(entries_.size());
  std::vector<bool> measured(entries_.size(), false);
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].failed || entries_[i].timesUs.empty()) continue;
    std::vector<double> v = entries_[i].timesUs;
    std::sort(v.begin(), v.end());
    stats[i] = boxStats(v);
    measured[i] = true;
  }
  double baselineMedian = 0;
  if (baseline_ >= 0 && static_cast<std::size_t>(baseline_) < entries_.size() &&
      measured[static_cast<std::size_t>(baseline_)])
    baselineMedian = stats[static_cast<std::size_t>(baseline_)].median;
  double typical = baselineMedian;
  for (std::size_t i = 0; i < entries_.size() && typical <= 0; ++i)
    if (measured[i]) typical = stats[i].median;
  unit_ = TimeUnit::forUs(typical);
  std::vector<double> medians(entries_.size(), 0);
  std::vector<double> tops(entries_.size(), 0);
  // A long name (a run already made says its settings) in lines; where a line is still long
  // and the names are several, they slant, so that neighbours do not overlap.
  qsizetype longest = 0;
  for (const auto& e : entries_) {
    for (const auto& line : e.name.split(QStringLiteral(", ")))
      longest = std::max(longest, line.size());
  }
  const double slant = entries_.size() >= 3 && longest > 9 ? -30 : 0;
  plot()->xAxis->setTickLabelRotation(slant);
  timeRect_->axis(QCPAxis::atBottom)->setTickLabelRotation(slant);
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const auto& e = entries_[i];
    const double x = static_cast<double>(i) + 1;
    QString name = e.name;
    name.replace(QStringLiteral(", "), QStringLiteral("\n"));
    names->addTick(x, name);
    names2->addTick(x, name);
    if (e.failed) continue;
    (e.distinct <= 1 ? reproducible_ : varying_)->addData(x, e.distinct);
    if (!measured[i]) continue;
    const BoxStats& b = stats[i];
    boxes_->addData(x, unit_.fromUs(b.lowWhisker), unit_.fromUs(b.q1), unit_.fromUs(b.median),
                    unit_.fromUs(b.q3), unit_.fromUs(b.highWhisker));
    medians[i] = b.median;
    tops[i] = unit_.fromUs(b.highWhisker);
  }
  plot()->xAxis->setTicker(names);
  timeRect_->axis(QCPAxis::atBottom)->setTicker(names2);
  // Labels: the verdict over the bars, the ratio to the baseline over the boxes.
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const auto& e = entries_[i];
    const double x = static_cast<double>(i) + 1;
    auto* label = new QCPItemText(plot());
    label->setClipToAxisRect(false);
    label->position->setAxes(plot()->xAxis, plot()->yAxis);
    label->position->setCoords(x, e.failed ? 0 : e.distinct);
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label->setText(e.failed ? tr("raised") : QString::number(e.distinct));
    labels_.push_back(label);
    if (e.failed || medians[i] <= 0 || baselineMedian <= 0) continue;
    auto* ratio = new QCPItemText(plot());
    ratio->setClipAxisRect(timeRect_);
    ratio->position->setAxes(timeRect_->axis(QCPAxis::atBottom), timeRect_->axis(QCPAxis::atLeft));
    // Above the upper whisker, where it cannot be clipped at the plot's edge.
    ratio->position->setCoords(x, tops[i]);
    ratio->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    ratio->setPadding(QMargins(0, 0, 0, 3));
    // The table's words: "2.69× faster", never its inverse; and as the table, no ratio where
    // the middle halves of the two runs' times overlap (the ratio would be noise).
    const BoxStats& mine = stats[i];
    const BoxStats& base = stats[static_cast<std::size_t>(baseline_)];
    const bool overlap = mine.q1 <= base.q3 && base.q1 <= mine.q3;
    ratio->setText(static_cast<int>(i) == baseline_ ? tr("baseline")
                   : overlap                        ? tr("no clear\ndifference")
                             : Verdict::relative(medians[i] * 1e3, baselineMedian * 1e3));
    labels_.push_back(ratio);
  }
  timeRect_->axis(QCPAxis::atLeft)->setLabel(tr("time per trial (%1)").arg(unit_.symbol));
  resetView();
  requestReplot();
}

void ComparePlotWidget::resetView() {
  const double n = static_cast<double>(std::max<std::size_t>(1, entries_.size()));
  plot()->xAxis->setRange(0.3, n + 0.7);
  timeRect_->axis(QCPAxis::atBottom)->setRange(0.3, n + 0.7);
  int maxDistinct = 1;
  double maxTime = 0;
  for (const auto& e : entries_) {
    maxDistinct = std::max(maxDistinct, e.distinct);
    for (double t : e.timesUs) maxTime = std::max(maxTime, unit_.fromUs(t));
  }
  plot()->yAxis->setRange(0, maxDistinct * 1.2 + 0.5);
  // Room above the highest whisker for its two-line label ("no clear / difference").
  timeRect_->axis(QCPAxis::atLeft)->setRange(0, maxTime > 0 ? maxTime * 1.3 : 1);
}

void ComparePlotWidget::retranslate() {
  title_->setText(tr("Variance and speed per configuration"));
  plot()->yAxis->setLabel(tr("distinct outputs"));
  timeRect_->axis(QCPAxis::atLeft)->setLabel(tr("time per trial (%1)").arg(unit_.symbol));
  reproducible_->setName(tr("reproducible"));
  varying_->setName(tr("outputs vary"));
  if (!entries_.empty()) setEntries(std::vector<CompareEntry>(entries_), baseline_);
}

}  // namespace detbench::gui
