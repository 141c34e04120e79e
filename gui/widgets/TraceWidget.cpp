#include "widgets/TraceWidget.hpp"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "common/FileWriter.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/trace/ScriptProcess.hpp"
#include "detbench/trace/TraceWords.hpp"
#include "export/TraceExporter.hpp"
#include "models/OpCatalogModel.hpp"
#include "plot/TraceOpsPlotWidget.hpp"
#include "widgets/TraceJobView.hpp"
#include "widgets/TraceSetupWidget.hpp"
#include "widgets/TraceTexts.hpp"

namespace detbench::gui {

namespace {

using namespace trace;
using namespace tracetext;

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(item->flags() & ~Qt::ItemIsEditable);
  return item;
}

}  // namespace

TraceWidget::TraceWidget(TraceController* controller, QWidget* parent)
    : QWidget(parent), controller_(controller) {
  setup_ = new TraceSetupWidget(this);
  startButton_ = new QPushButton(this);
  cancelButton_ = new QPushButton(this);
  cancelButton_->setEnabled(false);
  exportButton_ = new QPushButton(this);
  exportButton_->setEnabled(false);
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  status_ = new QLabel(this);
  status_->setWordWrap(true);

  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  auto* scroll = new QScrollArea(left);
  setupScroll_ = scroll;
  // Below the setup, what a trace does, where the window has room for all of it.
  howItWorks_ = new QLabel(this);
  howItWorks_->setObjectName(QStringLiteral("traceHowItWorks"));
  howItWorks_->setWordWrap(true);
  howItWorks_->setTextFormat(Qt::RichText);
  howItWorks_->setStyleSheet(QStringLiteral("QLabel { color: #455a64; }"));
  auto* setupPage = new QWidget(this);
  auto* setupLayout = new QVBoxLayout(setupPage);
  setupLayout->setContentsMargins(0, 0, 0, 0);
  setupLayout->addWidget(setup_);
  setupLayout->addSpacing(12);
  setupLayout->addWidget(howItWorks_);
  setupLayout->addStretch(1);
  scroll->setWidget(setupPage);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // As wide as the setup's labels and fields: never a horizontal scroll, never a cut label.
  scroll->setMinimumWidth(setup_->minimumSizeHint().width() +
                          scroll->verticalScrollBar()->sizeHint().width() +
                          2 * scroll->frameWidth());
  leftLayout->addWidget(scroll, 1);
  // The buttons and the progress on one row: the setup keeps the height a taller script
  // (Chinese) needs at 1280 x 720.
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(startButton_);
  buttons->addWidget(cancelButton_);
  buttons->addWidget(exportButton_);
  buttons->addWidget(progress_, 1);
  leftLayout->addLayout(buttons);
  leftLayout->addWidget(status_);

  configs_ = new QTableWidget(0, 3, this);
  configs_->setObjectName(QStringLiteral("traceConfigurations"));
  configs_->setSelectionBehavior(QAbstractItemView::SelectRows);
  configs_->setSelectionMode(QAbstractItemView::SingleSelection);
  configs_->horizontalHeader()->setStretchLastSection(true);
  configs_->verticalHeader()->hide();
  // A job's processes: which one the plot and the causes show.
  processRow_ = new QWidget(this);
  auto* processLayout = new QHBoxLayout(processRow_);
  processLayout->setContentsMargins(4, 2, 4, 2);
  processLabel_ = new QLabel(processRow_);
  process_ = new QComboBox(processRow_);
  process_->setObjectName(QStringLiteral("traceProcess"));
  process_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  processLayout->addWidget(processLabel_);
  processLayout->addWidget(process_, 1);
  processRow_->setMaximumHeight(processRow_->sizeHint().height());
  processRow_->hide();
  plot_ = new TraceOpsPlotWidget(this);
  causes_ = new QTableWidget(0, 6, this);
  causes_->setObjectName(QStringLiteral("traceCauses"));
  causes_->setSelectionBehavior(QAbstractItemView::SelectRows);
  causes_->setSelectionMode(QAbstractItemView::SingleSelection);
  causes_->horizontalHeader()->setStretchLastSection(true);
  causes_->verticalHeader()->hide();
  detail_ = new QTextBrowser(this);
  detail_->setOpenLinks(false);
  openButton_ = new QPushButton(this);
  openButton_->setEnabled(false);
  auto* detailBox = new QWidget(this);
  auto* detailLayout = new QVBoxLayout(detailBox);
  detailLayout->setContentsMargins(0, 0, 0, 0);
  detailLayout->addWidget(detail_, 1);
  detailLayout->addWidget(openButton_, 0, Qt::AlignRight);
  auto* bottom = new QSplitter(Qt::Horizontal, this);
  bottom->addWidget(causes_);
  bottom->addWidget(detailBox);
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  auto* right = new QSplitter(Qt::Vertical, this);
  auto* plotBox = new QWidget(this);
  auto* plotLayout = new QVBoxLayout(plotBox);
  plotLayout->setContentsMargins(0, 0, 0, 0);
  plotLayout->setSpacing(0);
  plotLayout->addWidget(processRow_);
  plotLayout->addWidget(plot_, 1);
  right->addWidget(configs_);
  right->addWidget(plotBox);
  right->addWidget(bottom);
  right->setStretchFactor(0, 0);
  right->setStretchFactor(1, 2);
  right->setStretchFactor(2, 3);
  // At first the configurations take no more than their three rows (retranslate()'s minimum;
  // the table's own size hint would leave blank rows above the plot), the plot and the causes
  // share the rest.
  right->setSizes({1, 2000, 3000});
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 5);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  connect(startButton_, &QPushButton::clicked, this, [this] {
    QString why;
    if (!start(&why)) emit message(why, true);
  });
  connect(cancelButton_, &QPushButton::clicked, controller_, &TraceController::cancel);
  connect(exportButton_, &QPushButton::clicked, this, &TraceWidget::exportWithDialog);
  connect(configs_, &QTableWidget::currentCellChanged, this,
          [this](int row, int, int, int) { showConfig(row); });
  connect(causes_, &QTableWidget::currentCellChanged, this,
          [this](int row, int, int, int) { showCause(row); });
  connect(process_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index < 0) return;
    shownProcess_ = index;
    showProcess();
  });
  connect(openButton_, &QPushButton::clicked, this, [this] {
    const TraceConfigResult* c = shownConfig();
    const int row = causes_->currentRow();
    if (!c || row < 0 || row >= static_cast<int>(c->alignment.causes.size())) return;
    const TraceCause& cause = c->alignment.causes[static_cast<std::size_t>(row)];
    const PyTorchRelease release = document_ ? document_->release.release : newestCatalogRelease();
    const CauseExplanation e = explainCause(cause, release, c->alignment.unseededGenerators);
    if (!e.match) return;
    OpParams params;
    for (const auto& [k, v] : e.match->params) params[k] = v;
    emit openInWorkbench(qstr(e.match->op), params, qstr(e.device),
                         workbenchSettings(c->config.settings, release));
  });

  // The bar counts the first passes' runs in hundredths: from a configuration's second run on,
  // run 1's op count is the total, so a run shows how far it is and how long it has left.
  connect(controller_, &TraceController::started, this,
          [this](const QString& python, const QString& torch, int runs) {
            runsTotal_ = runs;
            progress_->setRange(0, std::max(1, runs) * 100);
            progress_->setValue(0);
            status_->setText(tr("Tracing with Python %1, PyTorch %2…").arg(python, torch));
          });
  connect(controller_, &TraceController::runStarted, this,
          [this](int config, int run, bool second) {
            if (config != currentConfig_) {
              expectedOps_ = 0;
            } else if (!second && !secondPass_ && currentRun_ == 1) {
              expectedOps_ = runOps_;  // run 1 of this configuration has ended
            }
            currentConfig_ = config;
            currentRun_ = run;
            secondPass_ = second;
            runOps_ = 0;
            runClock_.start();
            if (!second) progress_->setValue(100 * runsDone_++);
          });
  connect(controller_, &TraceController::progress, this, [this](qint64 ops) {
    runOps_ = ops;
    const QString name =
        currentConfig_ >= 0 && currentConfig_ < static_cast<int>(configNames_.size())
            ? qstr(configNames_[static_cast<std::size_t>(currentConfig_)])
            : QString();
    if (secondPass_) {
      status_->setText(tr("%1: second pass, run %2: %3 ops").arg(name).arg(currentRun_).arg(ops));
      return;
    }
    const double seconds = static_cast<double>(runClock_.elapsed()) / 1000.0;
    const double rate = seconds > 0.5 ? static_cast<double>(ops) / seconds : 0.0;
    if (expectedOps_ <= 0) {
      status_->setText(rate > 0 ? tr("%1: run %2: %3 ops, %4 ops/s")
                                      .arg(name)
                                      .arg(currentRun_)
                                      .arg(ops)
                                      .arg(qRound64(rate))
                                : tr("%1: run %2: %3 ops").arg(name).arg(currentRun_).arg(ops));
      return;
    }
    // Run 1's count is the expectation, not a bound: a run that goes past it stays at 99%.
    const qint64 percent = std::min<qint64>(99, ops * 100 / expectedOps_);
    progress_->setValue(100 * (runsDone_ - 1) + static_cast<int>(percent));
    QString text = tr("%1: run %2: %3 of about %4 ops (%5%)")
                       .arg(name)
                       .arg(currentRun_)
                       .arg(ops)
                       .arg(expectedOps_)
                       .arg(percent);
    if (rate > 0 && ops < expectedOps_) {
      const auto secondsLeft = qRound64(static_cast<double>(expectedOps_ - ops) / rate);
      text += tr(", about %1 s left").arg(std::max<qint64>(1, secondsLeft));
    }
    status_->setText(text);
  });
  connect(controller_, &TraceController::configFinished, this,
          [this](int, const TraceConfigResult& result) {
            results_.push_back(result);
            fillConfigs();
          });
  connect(controller_, &TraceController::finished, this, &TraceWidget::finish);
  connect(controller_, &TraceController::failed, this, [this](const QString& why) {
    startButton_->setEnabled(true);
    cancelButton_->setEnabled(false);
    status_->setText(why);
    emit message(tr("Trace: %1").arg(why), true);
  });
  retranslate();
}

PlotWidget* TraceWidget::plot() const {
  return plot_;
}

bool TraceWidget::start(QString* why) {
  if (controller_->isRunning()) {
    if (why) *why = tr("A trace is already in progress.");
    return false;
  }
  const auto job = setup_->job(why);
  if (!job) return false;
  document_.reset();
  results_.clear();
  configNames_.clear();
  for (const auto& c : job->plan.configs) configNames_.push_back(c.name);
  runsDone_ = 0;
  currentConfig_ = -1;
  currentRun_ = 0;
  secondPass_ = false;
  runOps_ = expectedOps_ = 0;
  progress_->setValue(0);
  fillConfigs();
  showConfig(-1);
  startButton_->setEnabled(false);
  cancelButton_->setEnabled(true);
  exportButton_->setEnabled(false);
  statusKind_ = Status::Other;
  status_->setText(tr("Asking the interpreter about the script…"));
  controller_->start(*job);
  return true;
}

void TraceWidget::finish(const TraceDocument& document, bool cancelled) {
  document_ = document;
  results_ = document.result.configs;
  startButton_->setEnabled(true);
  cancelButton_->setEnabled(false);
  exportButton_->setEnabled(true);
  // A cancelled trace keeps the bar where it stopped.
  if (!cancelled) progress_->setValue(progress_->maximum());
  fillConfigs();
  statusKind_ = cancelled ? Status::Cancelled : Status::Finished;
  status_->setText(statusText());
  emit message(cancelled ? tr("Trace cancelled: what ran is shown.") : tr("Trace finished."),
               false);
}

void TraceWidget::fillConfigs() {
  const int keep = shown_;
  configs_->setRowCount(static_cast<int>(results_.size()));
  for (int i = 0; i < static_cast<int>(results_.size()); ++i) {
    const TraceConfigResult& c = results_[static_cast<std::size_t>(i)];
    // The name with what it set: "default" with a typed seed is not the script as written.
    QString name = qstr(c.config.name);
    if (!c.config.settings.empty()) {
      name += QStringLiteral(" (%1)").arg(qstr(describeSettings(c.config.settings)));
    }
    configs_->setItem(i, 0, cell(name));
    configs_->setItem(i, 1, cell(verdictText(c)));
    QString first;
    if (!c.alignment.causes.empty()) {
      const TraceCause& cause = c.alignment.causes.front();
      first = opAtText(c.alignment, cause.thread, cause.seq, cause.op.name, cause.site);
    } else if (const TraceRankResult* rank = c.job.firstCause()) {
      const TraceCause& cause = rank->alignment.causes.front();
      const QString where =
          opAtText(rank->alignment, cause.thread, cause.seq, cause.op.name, cause.site);
      first = rank->rank == kPoolRank ? tr("%1, %2").arg(tracePoolName(c.job), where)
                                      : tr("rank %1, %2").arg(rank->rank).arg(where);
    } else if (!c.alignment.partings.empty()) {
      // No cause before the sequences part: where they do, the op this run ran there.
      const TraceParting& p = c.alignment.partings.front();
      const bool ended = p.other.empty();
      first = tr("they part at %1")
                  .arg(opAtText(c.alignment, p.thread, p.seq, ended ? p.reference : p.other,
                                ended ? p.referenceSite : p.otherSite));
    }
    configs_->setItem(i, 2, cell(first));
  }
  configs_->resizeColumnsToContents();
  // Sizing the last column to its contents stops its stretch: the stretch is asked for again.
  configs_->horizontalHeader()->setStretchLastSection(false);
  configs_->horizontalHeader()->setStretchLastSection(true);
  const int row = keep >= 0 && keep < configs_->rowCount() ? keep : configs_->rowCount() - 1;
  if (row >= 0) {
    configs_->setCurrentCell(row, 0);
    showConfig(row);
  }
}

const TraceConfigResult* TraceWidget::shownConfig() const {
  if (shown_ < 0 || shown_ >= static_cast<int>(results_.size())) return nullptr;
  if (shownProcess_ > 0 && shownProcess_ <= static_cast<int>(rankViews_.size())) {
    return &rankViews_[static_cast<std::size_t>(shownProcess_ - 1)];
  }
  return &results_[static_cast<std::size_t>(shown_)];
}

void TraceWidget::showConfig(int index) {
  shown_ = index;
  rankViews_.clear();
  shownProcess_ = 0;
  const QSignalBlocker blocker(process_);
  process_->clear();
  if (index >= 0 && index < static_cast<int>(results_.size())) {
    const TraceConfigResult& base = results_[static_cast<std::size_t>(index)];
    if (!base.job.ranks.empty() || base.job.pool) {
      process_->addItem(tr("the script's own process"));
      // Where the script's process found nothing, the rank (or the pool) with the first cause.
      const TraceRankResult* first =
          base.alignment.causes.empty() ? base.job.firstCause() : nullptr;
      const auto add = [&](const TraceRankResult& r, const QString& label) {
        TraceConfigResult view;
        view.config = base.config;
        view.alignment = r.alignment;
        rankViews_.push_back(std::move(view));
        process_->addItem(label);
        if (&r == first) shownProcess_ = static_cast<int>(rankViews_.size());
      };
      for (const auto& r : base.job.ranks) {
        add(r, tr("rank %1: %2").arg(r.rank).arg(traceRankText(r)));
      }
      if (base.job.pool) {
        const TraceJobResult& job = base.job;
        // The script's own processes are counted as processes, a pool's work as tasks.
        add(*job.pool, (job.poolIsProcesses() ? tr("%1 (%2): %3") : tr("%1 (%2 tasks): %3"))
                           .arg(tracePoolName(job))
                           .arg(job.poolTasks)
                           .arg(traceRankText(*job.pool)));
      }
      process_->setCurrentIndex(shownProcess_);
    }
  }
  processRow_->setVisible(!rankViews_.empty());
  showProcess();
}

void TraceWidget::showProcess() {
  const TraceConfigResult* c = shownConfig();
  plot_->setConfig(c);
  causes_->setRowCount(0);
  detail_->clear();
  openButton_->setEnabled(false);
  if (!c) return;
  const PyTorchRelease release = document_ ? document_->release.release : newestCatalogRelease();
  const auto& causes = c->alignment.causes;
  causes_->setRowCount(static_cast<int>(causes.size()));
  for (int i = 0; i < static_cast<int>(causes.size()); ++i) {
    const TraceCause& cause = causes[static_cast<std::size_t>(i)];
    const CauseExplanation e = explainCause(cause, release, c->alignment.unseededGenerators);
    QString how;
    if (const auto it = c->differences.find(causeId(cause)); it != c->differences.end()) {
      how = it->second.measured ? tr("%1 of %2, %3 ULP")
                                      .arg(it->second.diff.nDiff)
                                      .arg(it->second.diff.elements)
                                      .arg(it->second.diff.maxUlp)
                                : tr("not measured");
    }
    causes_->setItem(
        i, 0,
        cell(cause.thread == 0 ? QString::number(cause.seq)
                               : QStringLiteral("%1 (%2)").arg(cause.seq).arg(laneText(
                                     QString::fromStdString(c->alignment.threadName(cause.thread)),
                                     cause.thread))));
    causes_->setItem(i, 1, cell(qstr(cause.op.name)));
    causes_->setItem(i, 2, cell(categoryText(cause.category)));
    causes_->setItem(i, 3, cell(siteText(cause.site)));
    causes_->setItem(i, 4, cell(how));
    causes_->setItem(i, 5, cell(kindText(e.kind)));
  }
  causes_->resizeColumnsToContents();
  if (!causes.empty()) {
    causes_->setCurrentCell(0, 0);
    showCause(0);
  } else {
    QString text = QStringLiteral("<p><b>%1</b></p>").arg(verdictText(*c).toHtmlEscaped());
    for (const auto& p : c->alignment.partings) {
      text += QStringLiteral("<p>%1</p>").arg(partingText(p).toHtmlEscaped());
    }
    for (const auto& d : c->alignment.differingResults) {
      text += QStringLiteral("<p><b>%1</b> %2</p>")
                  .arg(tr("A result differs:").toHtmlEscaped(),
                       resultDifferenceText(d).toHtmlEscaped());
    }
    if (const QString files = earlierFilesText(*c); !files.isEmpty()) {
      text += QStringLiteral("<p>%1</p>").arg(files.toHtmlEscaped());
    }
    // Differences that reached no result: which op wrote them and why they did not matter.
    if (!c->alignment.notes.empty()) {
      text += QStringLiteral("<p><b>%1</b></p><ul>")
                  .arg(tr("Notes: other bits that no result uses").toHtmlEscaped());
      std::size_t shown = 0;
      for (const auto& note : c->alignment.notes) {
        if (++shown > 20) break;
        text += QStringLiteral("<li>%1</li>")
                    .arg(QStringLiteral("%1: %2")
                             .arg(opAtText(c->alignment, note.thread, note.seq, note.op.name,
                                           note.site),
                                  noteText(c->alignment, note))
                             .toHtmlEscaped());
      }
      text += QStringLiteral("</ul>");
    }
    for (const auto& r : c->alignment.runs) {
      if (r.completed() || r.exit.stderrTail.empty()) continue;
      text += QStringLiteral("<p>%1</p><pre>%2</pre>")
                  .arg(tr("Run %1: %2").arg(r.run).arg(runEndText(r)).toHtmlEscaped(),
                       qstr(lastLines(r.exit.stderrTail, 15)).toHtmlEscaped());
      break;
    }
    text += traceJobHtml(c->job, release);
    detail_->setHtml(text);
  }
}

void TraceWidget::showCause(int row) {
  const TraceConfigResult* c = shownConfig();
  openButton_->setEnabled(false);
  if (!c || row < 0 || row >= static_cast<int>(c->alignment.causes.size())) return;
  const TraceCause& cause = c->alignment.causes[static_cast<std::size_t>(row)];
  const PyTorchRelease release = document_ ? document_->release.release : newestCatalogRelease();
  const CauseExplanation e = explainCause(cause, release, c->alignment.unseededGenerators);
  QString html = QStringLiteral("<p><b>%1</b></p>")
                     .arg(opAtText(c->alignment, cause.thread, cause.seq, cause.op.name, cause.site)
                              .toHtmlEscaped());
  if (cause.site) {
    html += QStringLiteral("<p><tt>%1</tt></p>").arg(qstr(cause.site->file).toHtmlEscaped());
  }
  const auto add = [&html](const QString& label, const QString& text) {
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
  };
  add(tr("What:"), cause.chosen ? tr("given other tensors than in run 1: tensors this run made, "
                                     "equal to run 1's where they were made, that the script "
                                     "chose in another order or by another choice")
                                : categoryText(cause.category));
  if (!cause.arguments.empty()) add(tr("Arguments:"), argumentsText(cause));
  add(tr("Why:"), kindText(e.kind));
  add(tr("Inputs:"), shapesText(cause.op.inputs));
  add(tr("Outputs:"), shapesText(cause.op.outputs));
  if (cause.kernels) add(tr("Inside:"), kernelsText(*cause.kernels));
  QStringList runs;
  for (const int r : cause.runs) runs << QString::number(r);
  add(tr("Seen in runs:"), runs.join(QStringLiteral(", ")));
  if (const auto it = c->differences.find(causeId(cause)); it != c->differences.end()) {
    const CauseDifference& d = it->second;
    add(tr("How much:"),
        d.measured ? tr("%1 of %2 elements differ, max |diff| %3, max %4 ULP (second pass, run %5 "
                        "against run 1)")
                         .arg(d.diff.nDiff)
                         .arg(d.diff.elements)
                         .arg(qstr(formatFloat(d.diff.maxAbsDiff)))
                         .arg(d.diff.maxUlp)
                         .arg(d.run)
                   : tr("not measured (%1)").arg(qstr(d.note)));
  }
  if (e.traits && e.match) {
    const DeviceTraits& t = e.traits->traits(e.traitsClass);
    add(tr("Catalog:"), tr("%1 (PyTorch %2, %3): %4")
                            .arg(qstr(e.match->op), qstr(detbench::toString(release)),
                                 e.traitsClass == TraitsClass::Cuda ? QStringLiteral("CUDA")
                                                                    : QStringLiteral("CPU"),
                                 OpCatalogModel::translatedCatalogText(t.note)));
  }
  add(tr("Fix:"), fixText(e));
  if (!e.command.empty()) {
    html +=
        QStringLiteral("<p><b>%1</b><br><tt>%2</tt></p>")
            .arg(tr("The op in the workbench:").toHtmlEscaped(), qstr(e.command).toHtmlEscaped());
    openButton_->setEnabled(true);
  }
  // Where the runs part (another op sequence, a run that ended early), the alignment stops: the
  // causes above are those before it.
  for (const auto& p : c->alignment.partings) {
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(tr("Alignment:").toHtmlEscaped(), partingText(p).toHtmlEscaped());
  }
  if (const QString files = earlierFilesText(*c); !files.isEmpty()) {
    html += QStringLiteral("<p>%1</p>").arg(files.toHtmlEscaped());
  }
  for (const auto& d : c->alignment.differingResults) {
    html +=
        QStringLiteral("<p><b>%1</b> %2</p>")
            .arg(tr("A result differs:").toHtmlEscaped(), resultDifferenceText(d).toHtmlEscaped());
  }
  html += traceJobHtml(c->job, release);
  detail_->setHtml(html);
}

void TraceWidget::exportWithDialog() {
  if (!document_) {
    emit message(tr("No trace to export yet: press Trace first."), true);
    return;
  }
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export the trace"), QStringLiteral("trace.json"),
      tr("JSON report (*.json);;Markdown (*.md);;Causes as CSV (*.csv);;Plot as PNG (*.png);;"
         "Plot as SVG (*.svg)"));
  if (path.isEmpty()) return;
  QString error;
  if (exportTo(path, &error)) {
    emit message(tr("Trace exported to %1").arg(path), false);
  } else {
    emit message(error, true);
  }
}

QString TraceWidget::markdown() const {
  return document_ ? QString::fromStdString(traceToMarkdown(*document_)) : QString();
}

bool TraceWidget::exportTo(const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("png")) return plot_->savePng(path, 1200, 600, error);
  if (suffix == QLatin1String("svg")) return plot_->saveSvg(path, 1200, 600, error);
  if (!document_) {
    if (error) *error = tr("No trace to export yet.");
    return false;
  }
  return TraceExporter::write(path, *document_, error);
}

void TraceWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void TraceWidget::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitHowItWorks();
}

void TraceWidget::fitHowItWorks() {
  const int width = setupScroll_->viewport()->width();
  const int wanted = setup_->sizeHint().height() + 12 + howItWorks_->heightForWidth(width);
  howItWorks_->setVisible(wanted <= setupScroll_->viewport()->height());
}

QString TraceWidget::statusText() const {
  switch (statusKind_) {
    case Status::Prompt:
      return tr("Choose a script (or the example) and press Trace.");
    case Status::Finished:
      return tr("Finished.");
    case Status::Cancelled:
      return tr("Cancelled: what ran is shown.");
    case Status::Other:
      break;
  }
  return status_->text();
}

void TraceWidget::retranslate() {
  startButton_->setText(tr("Trace"));
  startButton_->setToolTip(
      tr("Run the script several times under detbench's probe and find the "
         "first op where its runs differ"));
  cancelButton_->setText(tr("Cancel"));
  exportButton_->setText(tr("Export…"));
  openButton_->setText(tr("Open in the workbench"));
  configs_->setHorizontalHeaderLabels({tr("Configuration"), tr("Verdict"), tr("First cause")});
  processLabel_->setText(tr("Process:"));
  howItWorks_->setText(
      tr("<b>What a trace does.</b> The script runs the given number of times under each "
         "configuration checked, and every ATen op it calls is recorded with its line and a "
         "digest of its inputs and outputs. Each run is compared with run 1 op by op. The "
         "first op whose outputs differ while its inputs were equal is a <i>cause</i>, with "
         "what makes it repeat; an op that only read a differing input <i>inherits</i> the "
         "difference; a difference that no later op uses is a note, not a cause. The second "
         "pass measures how much each cause differs."));
  fitHowItWorks();
  // The lesson's three configurations in view without a scroll, with the header as tall as the
  // language's text makes it.
  configs_->setMinimumHeight(configs_->horizontalHeader()->sizeHint().height() +
                             3 * configs_->verticalHeader()->defaultSectionSize() +
                             2 * configs_->frameWidth() + 2);
  causes_->setHorizontalHeaderLabels(
      {tr("Op"), tr("ATen op"), tr("What"), tr("Where"), tr("How much"), tr("Why")});
  status_->setText(statusText());
  fillConfigs();
}

}  // namespace detbench::gui
