#include "widgets/RunViewWidget.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "common/Verdict.hpp"
#include "plot/AlgorithmPlotWidget.hpp"
#include "plot/DiffPlotWidget.hpp"
#include "plot/DistinctPlotWidget.hpp"
#include "plot/TimingPlotWidget.hpp"
#include "plot/UlpHistogramPlotWidget.hpp"

namespace detbench::gui {

RunViewWidget::RunViewWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  headline_ = new QLabel(this);
  headline_->setObjectName(QStringLiteral("headline"));
  headline_->setWordWrap(true);
  QFont f = headline_->font();
  f.setPointSizeF(f.pointSizeF() * 1.35);
  f.setBold(true);
  headline_->setFont(f);
  details_ = new QLabel(this);
  details_->setWordWrap(true);
  details_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(headline_);
  layout->addWidget(details_);
  auto* grid = new QGridLayout();
  plots_ = {new DiffPlotWidget(this), new DistinctPlotWidget(this),
            new UlpHistogramPlotWidget(this), new TimingPlotWidget(this)};
  grid->addWidget(plots_[0], 0, 0);
  grid->addWidget(plots_[1], 0, 1);
  grid->addWidget(plots_[2], 1, 0);
  grid->addWidget(plots_[3], 1, 1);
  algorithmPlot_ = new AlgorithmPlotWidget(this);
  grid->addWidget(algorithmPlot_, 2, 0, 1, 2);
  algorithmPlot_->hide();
  layout->addLayout(grid, 1);
  retranslate();
}

std::vector<PlotWidget*> RunViewWidget::plots() const {
  std::vector<PlotWidget*> out(plots_.begin(), plots_.end());
  if (series_.hasAlgorithms()) out.push_back(algorithmPlot_);
  return out;
}

void RunViewWidget::beginRun(const QString& description) {
  series_.clear();
  result_.reset();
  description_ = description;
  for (auto* p : plots_) p->clear();
  algorithmPlot_->clear();
  algorithmPlot_->hide();
  headline_->setStyleSheet(QString());
  retranslate();
}

void RunViewWidget::appendTrials(const QVector<TrialRecord>& records) {
  for (const auto& r : records) series_.append(r);
  updatePlots();
  if (!result_) {
    headline_->setText(tr("Running: %1 trials so far, %2 distinct outputs")
                           .arg(series_.size())
                           .arg(series_.distinct()));
  }
}

void RunViewWidget::updatePlots() {
  for (auto* p : plots_) p->update(series_);
  if (series_.hasAlgorithms()) {
    algorithmPlot_->show();
    algorithmPlot_->update(series_);
  }
}

void RunViewWidget::showResult(const RunResult& result, const QString& host) {
  result_ = result;
  host_ = host;
  if (series_.size() != result.trials.size()) {
    series_ = RunSeries::fromResult(result);
    for (auto* p : plots_) p->clear();
    algorithmPlot_->clear();
  }
  updatePlots();
  retranslate();
}

void RunViewWidget::clear() {
  beginRun(QString());
  headline_->setText(tr("No run yet: choose an op and press Run."));
}

void RunViewWidget::retranslate() {
  if (!result_) {
    headline_->setText(series_.size() == 0 ? tr("No run yet: choose an op and press Run.")
                                           : tr("Running: %1 trials so far, %2 distinct outputs")
                                                 .arg(series_.size())
                                                 .arg(series_.distinct()));
    details_->setText(description_);
    return;
  }
  const RunResult& r = *result_;
  headline_->setText(Verdict::headline(r));
  headline_->setStyleSheet(Verdict::good(r) ? QStringLiteral("color: #2e7d32;")
                                            : QStringLiteral("color: #c62828;"));
  QStringList lines;
  const QString device = host_.isEmpty()
                             ? QString::fromStdString(r.device)
                             : tr("%1 on %2").arg(QString::fromStdString(r.device), host_);
  lines << QStringLiteral("%1 on %2 — %3")
               .arg(QString::fromStdString(r.op), device, Verdict::settingsLine(r.settings));
  if (!r.failed()) {
    lines << Verdict::differences(r);
    lines << Verdict::timing(r);
  }
  details_->setText(lines.join(QLatin1Char('\n')));
}

void RunViewWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace detbench::gui
