#include "widgets/RunViewWidget.hpp"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/Text.hpp"
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
  // A torch device's line: which PyTorch ran it, the catalog's prediction beside what it did.
  library_ = new QLabel(this);
  library_->setObjectName(QStringLiteral("libraryCheck"));
  library_->setWordWrap(true);
  library_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  library_->hide();
  layout->addWidget(headline_);
  layout->addWidget(details_);
  layout->addWidget(library_);

  // What raised (or warned), the next steps, and PyTorch's own text one click away.
  noticeBox_ = new QFrame(this);
  noticeBox_->setObjectName(QStringLiteral("notice"));
  noticeBox_->setFrameShape(QFrame::StyledPanel);
  notice_ = new QLabel(noticeBox_);
  notice_->setWordWrap(true);
  notice_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  fullText_ = new QLabel(noticeBox_);
  fullText_->setObjectName(QStringLiteral("fullText"));
  fullText_->setWordWrap(true);
  fullText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // Dark on the notice's light background, whichever colour it has.
  fullText_->setStyleSheet(QStringLiteral("color: #37474f; font-family: monospace;"));
  fullText_->hide();
  warnButton_ = new QPushButton(noticeBox_);
  warnButton_->setObjectName(QStringLiteral("runInWarnMode"));
  extensionButton_ = new QPushButton(noticeBox_);
  extensionButton_->setObjectName(QStringLiteral("useExtension"));
  workspaceButton_ = new QPushButton(noticeBox_);
  workspaceButton_->setObjectName(QStringLiteral("setWorkspace"));
  deterministicButton_ = new QPushButton(noticeBox_);
  deterministicButton_->setObjectName(QStringLiteral("runDeterministic"));
  seedButton_ = new QPushButton(noticeBox_);
  seedButton_->setObjectName(QStringLiteral("setSeed"));
  catalogButton_ = new QPushButton(noticeBox_);
  catalogButton_->setObjectName(QStringLiteral("catalogEntry"));
  fullTextButton_ = new QPushButton(noticeBox_);
  fullTextButton_->setObjectName(QStringLiteral("fullTextButton"));
  fullTextButton_->setCheckable(true);
  fullTextButton_->setFlat(true);
  auto* buttons = new QHBoxLayout;
  noticeButtons_ = buttons;
  buttons->setContentsMargins(0, 0, 0, 0);
  for (QPushButton* b : {seedButton_, deterministicButton_, warnButton_, extensionButton_,
                         workspaceButton_, catalogButton_, fullTextButton_})
    buttons->addWidget(b);
  buttons->addStretch(1);
  auto* noticeLayout = new QVBoxLayout(noticeBox_);
  noticeLayout_ = noticeLayout;
  noticeLayout->addWidget(notice_);
  noticeLayout->addLayout(buttons);
  noticeLayout->addWidget(fullText_);
  noticeBox_->hide();
  layout->addWidget(noticeBox_);
  connect(warnButton_, &QPushButton::clicked, this, &RunViewWidget::warnModeRequested);
  connect(extensionButton_, &QPushButton::clicked, this, &RunViewWidget::extensionRequested);
  connect(workspaceButton_, &QPushButton::clicked, this, &RunViewWidget::workspaceRequested);
  connect(deterministicButton_, &QPushButton::clicked, this,
          &RunViewWidget::deterministicModeRequested);
  connect(seedButton_, &QPushButton::clicked, this, &RunViewWidget::seedRequested);
  connect(catalogButton_, &QPushButton::clicked, this, [this] {
    if (result_) emit catalogEntryRequested(qstr(result_->op));
  });
  connect(fullTextButton_, &QPushButton::toggled, this, [this](bool shown) {
    fullText_->setVisible(shown);
    fullTextButton_->setText(shown ? tr("Hide PyTorch's message") : tr("PyTorch's message…"));
  });

  plotArea_ = new QWidget(this);
  auto* grid = new QGridLayout(plotArea_);
  grid->setContentsMargins(0, 0, 0, 0);
  plots_ = {new DiffPlotWidget(plotArea_), new DistinctPlotWidget(plotArea_),
            new UlpHistogramPlotWidget(plotArea_), new TimingPlotWidget(plotArea_)};
  grid->addWidget(plots_[0], 0, 0);
  grid->addWidget(plots_[1], 0, 1);
  grid->addWidget(plots_[2], 1, 0);
  grid->addWidget(plots_[3], 1, 1);
  algorithmPlot_ = new AlgorithmPlotWidget(plotArea_);
  grid->addWidget(algorithmPlot_, 2, 0, 1, 2);
  algorithmPlot_->hide();
  layout->addWidget(plotArea_, 1);
  // Takes the plots' room while they are hidden, so the header stays at the top.
  filler_ = new QWidget(this);
  filler_->hide();
  layout->addWidget(filler_, 1);
  retranslate();
}

std::vector<PlotWidget*> RunViewWidget::plots() const {
  std::vector<PlotWidget*> out(plots_.begin(), plots_.end());
  if (series_.hasAlgorithms()) out.push_back(algorithmPlot_);
  return out;
}

bool RunViewWidget::plotsShown() const {
  return !plotArea_->isHidden();
}

QString RunViewWidget::notice() const {
  return noticeBox_->isHidden() ? QString() : notice_->text();
}

QString RunViewWidget::libraryLine() const {
  return library_->isHidden() ? QString() : library_->text();
}

void RunViewWidget::beginRun(const QString& description) {
  series_.clear();
  result_.reset();
  steps_ = {};
  description_ = description;
  begun_ = true;
  waiting_.clear();
  for (auto* p : plots_) p->clear();
  algorithmPlot_->clear();
  algorithmPlot_->hide();
  plotArea_->show();
  filler_->hide();
  noticeBox_->hide();
  library_->hide();
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
  for (auto* p : plots_) p->follow(series_);
  if (series_.hasAlgorithms()) {
    algorithmPlot_->show();
    algorithmPlot_->follow(series_);
  }
}

void RunViewWidget::showResult(const RunResult& result, const QString& host, NextSteps steps) {
  begun_ = false;
  result_ = result;
  host_ = host;
  steps_ = steps;
  if (series_.size() != result.trials.size()) {
    series_ = RunSeries::fromResult(result);
    for (auto* p : plots_) p->clear();
    algorithmPlot_->clear();
  }
  updatePlots();
  // Nothing ran: no empty plots with their "no trials" titles, the notice says why.
  const bool nothingRan = result.failed() && result.trials.empty();
  plotArea_->setVisible(!nothingRan);
  filler_->setVisible(nothingRan);
  retranslate();
}

void RunViewWidget::showWaiting(const QString& state) {
  waiting_ = state;
  if (!result_ && series_.size() == 0) retranslate();
}

void RunViewWidget::clear() {
  beginRun(QString());
  begun_ = false;
  retranslate();
}

void RunViewWidget::showNotice() {
  const bool failed = result_ && result_->failed();
  const bool warned = result_ && !result_->warnings.empty();
  // Outputs that varied where the catalog knows what makes them repeat: the fix as a button.
  const bool varied = result_ && !failed && !result_->summary.reproducible && steps_.any();
  noticeBox_->setVisible(failed || warned || varied);
  if (!failed && !warned && !varied) return;
  const RunResult& r = *result_;
  noticeBox_->setStyleSheet(
      failed ? QStringLiteral("QFrame#notice { background: #fdecea; border: 1px solid #e6b0aa; }")
      : warned
          ? QStringLiteral("QFrame#notice { background: #fff4e0; border: 1px solid #e8c58a; }")
          : QStringLiteral("QFrame#notice { background: #e8f1fb; border: 1px solid #a9c4e4; }"));
  notice_->setText(failed   ? Verdict::problem(r)
                   : warned ? Verdict::warning(r)
                            : tr("The outputs varied. The fix the catalog knows:"));
  // Outputs that varied: the sentence and its buttons on one line, so that the plots below
  // keep their height on a small screen.
  notice_->setWordWrap(failed || warned);
  QBoxLayout* home = failed || warned ? static_cast<QBoxLayout*>(noticeLayout_)
                                      : static_cast<QBoxLayout*>(noticeButtons_);
  if (home->indexOf(notice_) < 0) {
    noticeLayout_->removeWidget(notice_);
    noticeButtons_->removeWidget(notice_);
    home->insertWidget(0, notice_);
  }
  QStringList full;
  for (const auto& e : r.errors) full << qstr(e.message);
  for (const auto& w : r.warnings) full << qstr(w.message);
  fullText_->setText(full.join(QStringLiteral("\n\n")));
  warnButton_->setVisible(failed && steps_.warnMode);
  extensionButton_->setVisible((failed || varied) && steps_.extension);
  workspaceButton_->setVisible(failed && steps_.workspace);
  deterministicButton_->setVisible(varied && steps_.deterministicMode);
  seedButton_->setVisible(varied && steps_.seed);
  catalogButton_->setVisible(true);
  fullTextButton_->setVisible(!full.isEmpty());
}

void RunViewWidget::showLibraryLine() {
  const QString line = result_ ? Verdict::library(*result_) : QString();
  library_->setVisible(!line.isEmpty());
  library_->setText(line);
  // As predicted: a plain line. A disagreement: visible, but calm (it is a finding about the
  // catalog, not a failure of the run).
  library_->setStyleSheet(
      result_ && !Verdict::libraryAgrees(*result_)
          ? QStringLiteral("QLabel#libraryCheck { background: #fff8e1; border: 1px solid #e6d28a; "
                           "color: #5d4300; padding: 3px 6px; }")
          : QStringLiteral("QLabel#libraryCheck { color: #37474f; }"));
}

void RunViewWidget::retranslate() {
  warnButton_->setText(tr("Run in warn mode"));
  warnButton_->setToolTip(
      tr("use_deterministic_algorithms(True, warn_only=True): the op runs and "
         "says that it is not deterministic"));
  extensionButton_->setText(tr("Use detbench's deterministic kernel"));
  extensionButton_->setToolTip(
      tr("Settings → Catalog: detbench extensions (a deterministic kernel PyTorch does not have)"));
  workspaceButton_->setText(tr("Set CUBLAS_WORKSPACE_CONFIG=:4096:8"));
  deterministicButton_->setText(tr("Run with deterministic algorithms"));
  deterministicButton_->setToolTip(
      tr("Settings → Deterministic algorithms: error (torch.use_deterministic_algorithms(True)); "
         "PyTorch switches this op to its deterministic form"));
  seedButton_->setText(tr("Set the seed and run again"));
  seedButton_->setToolTip(
      tr("Settings → Seed: set (torch.manual_seed): every run draws the same numbers"));
  catalogButton_->setText(tr("The op's catalog entry"));
  fullTextButton_->setText(fullTextButton_->isChecked() ? tr("Hide PyTorch's message")
                                                        : tr("PyTorch's message…"));
  showNotice();
  showLibraryLine();
  if (!result_) {
    if (series_.size() > 0) {
      headline_->setText(tr("Running: %1 trials so far, %2 distinct outputs")
                             .arg(series_.size())
                             .arg(series_.distinct()));
    } else if (!begun_) {
      headline_->setText(tr("No run yet: choose an op and press Run."));
    } else if (!waiting_.isEmpty()) {
      headline_->setText(tr("Waiting for the first trial — Slurm: %1").arg(waiting_));
    } else {
      headline_->setText(tr("Waiting for the first trial…"));
    }
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
  lines << tr("%1 on %2 — %3")
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
