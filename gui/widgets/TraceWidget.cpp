#include "widgets/TraceWidget.hpp"

#include <QApplication>
#include <QClipboard>
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

#include "common/FileWriter.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/trace/ScriptProcess.hpp"
#include "export/CsvField.hpp"
#include "models/OpCatalogModel.hpp"
#include "plot/TraceOpsPlotWidget.hpp"
#include "widgets/TraceSetupWidget.hpp"

namespace detbench::gui {

namespace {

using namespace trace;

QString qstr(const std::string& s) {
  return QString::fromStdString(s);
}

QString siteText(const std::optional<TraceSite>& s) {
  return s ? qstr(describeSite(*s)) : QString();
}

QString kindText(CauseKind kind) {
  switch (kind) {
    case CauseKind::RandomNumbers:
      return TraceWidget::tr(
          "random numbers: the op draws from a generator that was not seeded "
          "alike in every run");
    case CauseKind::FloatAtomics:
      return TraceWidget::tr(
          "float atomics: the op adds with atomics, in whatever order the "
          "threads get there");
    case CauseKind::IntegerAtomics:
      return TraceWidget::tr("integer atomics: the order varies, the integer result is exact");
    case CauseKind::RacingWrites:
      return TraceWidget::tr(
          "racing writes: several writes reach one element, and whichever lands last stays");
    case CauseKind::AlgorithmChoice:
      return TraceWidget::tr(
          "an algorithm choice: the library may pick an algorithm that is not "
          "deterministic");
    case CauseKind::Autotuning:
      return TraceWidget::tr("autotuning: cudnn.benchmark picks the algorithm by timing");
    case CauseKind::Data:
      return TraceWidget::tr(
          "the data: it came from outside any op (NumPy, Python, a "
          "DataLoader's workers) and differs");
    case CauseKind::PythonNumber:
      return TraceWidget::tr(
          "a number from Python: the op's tensors were equal in every run, an argument was not");
    case CauseKind::CompiledRegion:
      return TraceWidget::tr(
          "compiled code (torch.compile): its kernels may autotune, draw their own random "
          "numbers or reduce in another order; the region is traced as one op");
    case CauseKind::UninitializedMemory:
      return TraceWidget::tr("uninitialized memory: the op read memory no op had written");
    case CauseKind::CatalogDisagrees:
      return TraceWidget::tr(
          "the catalog expects this op to repeat on this device, and the "
          "trace saw it differ");
    case CauseKind::Unknown:
      return TraceWidget::tr("an op the catalog does not hold");
  }
  return {};
}

QString fixText(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
      return TraceWidget::tr(
          "seed the generators (Seed: torch.manual_seed, random.seed, "
          "numpy.random.seed before the script's first line)");
    case TraceFix::Deterministic:
      return TraceWidget::tr(
          "deterministic algorithms (error): PyTorch switches this op to its "
          "deterministic form");
    case TraceFix::NoDeterministicForm:
      return TraceWidget::tr(
          "PyTorch has no deterministic form of this op: error mode raises at "
          "it, warn mode only warns");
    case TraceFix::CudnnDeterministic:
      return TraceWidget::tr("cudnn.deterministic (or deterministic algorithms)");
    case TraceFix::NoCudnnBenchmark:
      return TraceWidget::tr("leave cudnn.benchmark off");
    case TraceFix::SeedDataLoader:
      return TraceWidget::tr(
          "seed what makes the data: the seed covers torch's generator (a "
          "DataLoader's shuffle and its workers' seeds); NumPy or Python's "
          "random in workers need a worker_init_fn");
    case TraceFix::InitializeMemory:
      return TraceWidget::tr("write the tensor before it is read (torch.zeros, not torch.empty)");
    case TraceFix::SeedPythonRandom:
      return TraceWidget::tr(
          "Python's random module was drawn from without a seed: random.seed(...) before the "
          "draw, or the Seed setting");
    case TraceFix::SeedNumpyRandom:
      return TraceWidget::tr(
          "NumPy's global generator was drawn from without a seed: numpy.random.seed(...), or "
          "the Seed setting");
    case TraceFix::SameNumber:
      return TraceWidget::tr(
          "a number the script computes differently in each run (the clock, a set's order, a "
          "file): compute it the same way, or pass it in");
    case TraceFix::InductorDeterministic:
      return TraceWidget::tr(
          "torch._inductor.config.deterministic = True (deterministic mode also sets it); "
          "trace with torch.compile eager to find the op inside");
    case TraceFix::CompileEager:
      return TraceWidget::tr(
          "this PyTorch has no deterministic switch for compiled code: trace with "
          "torch.compile eager to find the op inside");
    case TraceFix::None:
      return TraceWidget::tr("nothing the catalog knows of");
  }
  return {};
}

QString categoryText(CauseCategory c) {
  switch (c) {
    case CauseCategory::Introduced:
      return TraceWidget::tr("introduced (inputs equal)");
    case CauseCategory::Data:
      return TraceWidget::tr("data from outside");
    case CauseCategory::Uninitialized:
      return TraceWidget::tr("uninitialized memory");
  }
  return {};
}

QString verdictText(const TraceConfigResult& c) {
  if (c.raisedNondeterministic()) return TraceWidget::tr("raised in deterministic mode");
  if (c.cancelled) return TraceWidget::tr("cancelled");
  bool timedOut = false, otherwise = false;
  for (const auto& r : c.alignment.runs) {
    timedOut = timedOut || r.exit.timedOut;
    otherwise = otherwise || (!r.completed() && !r.exit.timedOut);
  }
  if (timedOut && !otherwise && c.alignment.causes.empty() && c.alignment.partings.empty() &&
      c.alignment.comparedOps() > 0) {
    return TraceWidget::tr("the runs agree over the first %1 ops; stopped at the timeout")
        .arg(c.alignment.comparedOps());
  }
  if (c.failed()) return TraceWidget::tr("the script failed");
  if (c.alignment.runs.size() < 2) return TraceWidget::tr("one run: nothing to compare");
  if (c.alignment.comparedOps() == 0 && c.alignment.partings.empty() &&
      c.alignment.causes.empty()) {
    return TraceWidget::tr("nothing compared");
  }
  if (c.alignment.otherThreadOps > 0 && c.alignment.causes.empty() &&
      c.alignment.partings.empty()) {
    return TraceWidget::tr("not all compared: ops ran on the script's own threads");
  }
  if (c.alignment.reproducible()) {
    const auto notes = c.alignment.notes.size();
    return notes == 0 ? TraceWidget::tr("the runs agree")
                      : TraceWidget::tr(
                            "the runs agree in every result (%1 outputs differ "
                            "that no result uses)")
                            .arg(notes);
  }
  if (!c.alignment.causes.empty()) {
    const auto n = c.alignment.causes.size();
    return n == 1 ? TraceWidget::tr("the runs differ: 1 cause")
                  : TraceWidget::tr("the runs differ: %1 causes").arg(n);
  }
  return c.alignment.partings.empty() ? TraceWidget::tr("the runs differ")
                                      : TraceWidget::tr("the op sequences part");
}

QString shapesText(const std::vector<TraceTensor>& ts) {
  QStringList parts;
  for (const auto& t : ts) {
    parts << qstr(t.dtype + detbench::toString(t.shape) +
                  (t.device == "cpu" ? "" : " " + t.device));
  }
  return parts.isEmpty() ? QStringLiteral("-") : parts.join(QStringLiteral(", "));
}

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
  scroll->setWidget(setup_);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // As wide as the setup's labels and fields: never a horizontal scroll, never a cut label.
  scroll->setMinimumWidth(setup_->minimumSizeHint().width() +
                          scroll->verticalScrollBar()->sizeHint().width() +
                          2 * scroll->frameWidth());
  leftLayout->addWidget(scroll, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(startButton_);
  buttons->addWidget(cancelButton_);
  buttons->addWidget(exportButton_);
  leftLayout->addLayout(buttons);
  leftLayout->addWidget(progress_);
  leftLayout->addWidget(status_);

  configs_ = new QTableWidget(0, 3, this);
  configs_->setObjectName(QStringLiteral("traceConfigurations"));
  configs_->setSelectionBehavior(QAbstractItemView::SelectRows);
  configs_->setSelectionMode(QAbstractItemView::SingleSelection);
  configs_->horizontalHeader()->setStretchLastSection(true);
  configs_->verticalHeader()->hide();
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
  right->addWidget(configs_);
  right->addWidget(plot_);
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
                         c->config.settings.threads.value_or(0));
  });

  connect(controller_, &TraceController::started, this,
          [this](const QString& python, const QString& torch, int runs) {
            runsTotal_ = runs;
            progress_->setRange(0, runs);
            status_->setText(tr("Tracing with Python %1, PyTorch %2…").arg(python, torch));
          });
  connect(controller_, &TraceController::runStarted, this,
          [this](int config, int run, bool second) {
            currentConfig_ = config;
            currentRun_ = run;
            secondPass_ = second;
            if (!second) progress_->setValue(runsDone_++);
          });
  connect(controller_, &TraceController::progress, this, [this](qint64 ops) {
    const QString name = currentConfig_ < static_cast<int>(configNames_.size())
                             ? qstr(configNames_[static_cast<std::size_t>(currentConfig_)])
                             : QString();
    status_->setText(secondPass_
                         ? tr("%1: second pass, run %2: %3 ops").arg(name).arg(currentRun_).arg(ops)
                         : tr("%1: run %2: %3 ops").arg(name).arg(currentRun_).arg(ops));
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
  fillConfigs();
  showConfig(-1);
  startButton_->setEnabled(false);
  cancelButton_->setEnabled(true);
  exportButton_->setEnabled(false);
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
  progress_->setValue(progress_->maximum());
  fillConfigs();
  status_->setText(cancelled ? tr("Cancelled: what ran is shown.") : tr("Finished."));
  emit message(cancelled ? tr("Trace cancelled: what ran is shown.") : tr("Trace finished."),
               false);
}

void TraceWidget::fillConfigs() {
  const int keep = shown_;
  configs_->setRowCount(static_cast<int>(results_.size()));
  for (int i = 0; i < static_cast<int>(results_.size()); ++i) {
    const TraceConfigResult& c = results_[static_cast<std::size_t>(i)];
    configs_->setItem(i, 0, cell(qstr(c.config.name)));
    configs_->setItem(i, 1, cell(verdictText(c)));
    QString first;
    if (!c.alignment.causes.empty()) {
      const TraceCause& cause = c.alignment.causes.front();
      first = tr("op %1 %2 at %3").arg(cause.seq).arg(qstr(cause.op.name), siteText(cause.site));
    }
    configs_->setItem(i, 2, cell(first));
  }
  configs_->resizeColumnsToContents();
  const int row = keep >= 0 && keep < configs_->rowCount() ? keep : configs_->rowCount() - 1;
  if (row >= 0) {
    configs_->setCurrentCell(row, 0);
    showConfig(row);
  }
}

const TraceConfigResult* TraceWidget::shownConfig() const {
  return shown_ >= 0 && shown_ < static_cast<int>(results_.size())
             ? &results_[static_cast<std::size_t>(shown_)]
             : nullptr;
}

void TraceWidget::showConfig(int index) {
  shown_ = index;
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
    if (const auto it = c->differences.find(cause.seq); it != c->differences.end()) {
      how = it->second.measured ? tr("%1 of %2, %3 ULP")
                                      .arg(it->second.diff.nDiff)
                                      .arg(it->second.diff.elements)
                                      .arg(it->second.diff.maxUlp)
                                : tr("not measured");
    }
    causes_->setItem(i, 0, cell(QString::number(cause.seq)));
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
      text += QStringLiteral("<p>%1</p>").arg(qstr(describeParting(p)).toHtmlEscaped());
    }
    // Differences that reached no result: which op wrote them and why they did not matter.
    if (!c->alignment.notes.empty()) {
      text += QStringLiteral("<p><b>%1</b></p><ul>")
                  .arg(tr("Notes: other bits that no result uses").toHtmlEscaped());
      std::size_t shown = 0;
      for (const auto& note : c->alignment.notes) {
        if (++shown > 20) break;
        text += QStringLiteral("<li>%1</li>")
                    .arg(tr("op %1 %2 at %3: %4")
                             .arg(note.seq)
                             .arg(qstr(note.op.name), siteText(note.site), qstr(describeNote(note)))
                             .toHtmlEscaped());
      }
      text += QStringLiteral("</ul>");
    }
    for (const auto& r : c->alignment.runs) {
      if (r.completed() || r.exit.stderrTail.empty()) continue;
      text += QStringLiteral("<p>%1</p><pre>%2</pre>")
                  .arg(tr("Run %1: %2").arg(r.run).arg(qstr(describeRunEnd(r))).toHtmlEscaped(),
                       qstr(lastLines(r.exit.stderrTail, 15)).toHtmlEscaped());
      break;
    }
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
                     .arg(tr("op %1 %2 at %3")
                              .arg(cause.seq)
                              .arg(qstr(cause.op.name), siteText(cause.site))
                              .toHtmlEscaped());
  if (cause.site) {
    html += QStringLiteral("<p><tt>%1</tt></p>").arg(qstr(cause.site->file).toHtmlEscaped());
  }
  const auto add = [&html](const QString& label, const QString& text) {
    html += QStringLiteral("<p><b>%1</b> %2</p>").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
  };
  add(tr("What:"), categoryText(cause.category));
  add(tr("Why:"), kindText(e.kind));
  add(tr("Inputs:"), shapesText(cause.op.inputs));
  add(tr("Outputs:"), shapesText(cause.op.outputs));
  QStringList runs;
  for (const int r : cause.runs) runs << QString::number(r);
  add(tr("Seen in runs:"), runs.join(QStringLiteral(", ")));
  if (const auto it = c->differences.find(cause.seq); it != c->differences.end()) {
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
  add(tr("Fix:"), fixText(e.fix));
  if (!e.command.empty()) {
    html +=
        QStringLiteral("<p><b>%1</b><br><tt>%2</tt></p>")
            .arg(tr("The op in the workbench:").toHtmlEscaped(), qstr(e.command).toHtmlEscaped());
    openButton_->setEnabled(true);
  }
  detail_->setHtml(html);
}

QByteArray TraceWidget::causesCsv() const {
  QByteArray csv =
      "configuration,op,name,category,kind,file,line,function,runs,n_diff,elements,max_ulp,"
      "max_abs_diff,fix,command\n";
  if (!document_) return csv;
  const auto quote = [](const std::string& s) { return csvField(s); };
  for (const auto& c : document_->result.configs) {
    for (const auto& cause : c.alignment.causes) {
      const CauseExplanation e =
          explainCause(cause, document_->release.release, c.alignment.unseededGenerators);
      std::string runs;
      for (const int r : cause.runs) {
        if (!runs.empty()) runs += ' ';
        runs += std::to_string(r);
      }
      std::string diff = ",,,";
      if (const auto it = c.differences.find(cause.seq);
          it != c.differences.end() && it->second.measured) {
        diff = std::to_string(it->second.diff.nDiff) + "," +
               std::to_string(it->second.diff.elements) + "," +
               std::to_string(it->second.diff.maxUlp) + "," +
               formatFloat(it->second.diff.maxAbsDiff);
      }
      const std::string line =
          quote(c.config.name) + "," + std::to_string(cause.seq) + "," + quote(cause.op.name) +
          "," + std::string(toString(cause.category)) + "," + std::string(toString(e.kind)) + "," +
          quote(cause.site ? cause.site->file : "") + "," +
          (cause.site ? std::to_string(cause.site->line) : std::string()) + "," +
          quote(cause.site ? cause.site->function : "") + "," + quote(runs) + "," + diff + "," +
          std::string(toString(e.fix)) + "," + quote(e.command) + "\n";
      csv += QByteArray::fromStdString(line);
    }
  }
  return csv;
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
  QByteArray bytes;
  if (suffix == QLatin1String("md")) {
    bytes = QByteArray::fromStdString(traceToMarkdown(*document_));
  } else if (suffix == QLatin1String("csv")) {
    bytes = causesCsv();
  } else {
    bytes = QByteArray::fromStdString(
        traceToJson(*document_)
            .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
        "\n");
  }
  return FileWriter::write(path, bytes, error);
}

void TraceWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
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
  // The lesson's three configurations in view without a scroll, with the header as tall as the
  // language's text makes it.
  configs_->setMinimumHeight(configs_->horizontalHeader()->sizeHint().height() +
                             3 * configs_->verticalHeader()->defaultSectionSize() +
                             2 * configs_->frameWidth() + 2);
  causes_->setHorizontalHeaderLabels(
      {tr("Op"), tr("ATen op"), tr("What"), tr("Where"), tr("How much"), tr("Why")});
  if (status_->text().isEmpty()) {
    status_->setText(tr("Choose a script (or the example) and press Trace."));
  }
  fillConfigs();
}

}  // namespace detbench::gui
