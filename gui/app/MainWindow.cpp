#include "app/MainWindow.hpp"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

#include "app/WindowActions.hpp"
#include "common/Text.hpp"
#include "common/Verdict.hpp"
#include "controllers/CompareController.hpp"
#include "controllers/DemoController.hpp"
#include "controllers/InvarianceController.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "controllers/PythonChoice.hpp"
#include "controllers/RunController.hpp"
#include "controllers/TraceController.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/run/HostMemory.hpp"
#include "models/OpCatalogModel.hpp"
#include "widgets/CatalogChangesWidget.hpp"
#include "widgets/CompareWidget.hpp"
#include "widgets/DemosWidget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/EnvironmentWidget.hpp"
#include "widgets/HelpDialog.hpp"
#include "widgets/InvarianceWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/OpSelectorWidget.hpp"
#include "widgets/RecipeCheckWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

MainWindow::MainWindow(std::shared_ptr<const BackendRegistry> registry,
                       LanguageController* language, QWidget* parent)
    : QMainWindow(parent),
      registry_(std::move(registry)),
      language_(language),
      runner_(new RunController(registry_, this)),
      demos_(new DemoController(registry_, this)),
      invariance_(new InvarianceController(registry_, this)),
      trace_(new TraceController(registry_, this)),
      compare_(new CompareController(runner_, this)),
      projects_(new ProjectController([this] { return project(); }, this)),
      actions_(new WindowActions(this)),
      python_(new PythonChoice(registry_, this)) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/detbench.svg")));
  setDockNestingEnabled(true);

  buildTabs();
  buildDocks();
  actions_->buildMenus(docks_);
  actions_->setLanguage(language_->language());
  connectActions();
  connectRunner();
  connectDemos();
  connectProject();

  progress_ = new QProgressBar(this);
  progress_->setMaximumWidth(240);
  progress_->hide();
  rate_ = new QLabel(this);
  statusBar()->addPermanentWidget(rate_);
  statusBar()->addPermanentWidget(progress_);
  connectPython();

  connect(runView_, &RunViewWidget::warnModeRequested, this,
          [this] { rerunWith([](Settings& s) { s.deterministic = DeterministicMode::Warn; }); });
  connect(runView_, &RunViewWidget::extensionRequested, this,
          [this] { rerunWith([](Settings& s) { s.semantics = CatalogSemantics::Extensions; }); });
  connect(runView_, &RunViewWidget::workspaceRequested, this, [this] {
    rerunWith([](Settings& s) { s.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8"); });
  });
  connect(runView_, &RunViewWidget::deterministicModeRequested, this,
          [this] { rerunWith([](Settings& s) { s.deterministic = DeterministicMode::Error; }); });
  connect(runView_, &RunViewWidget::seedRequested, this, [this] {
    // The seed the last run drew: the next run starts from this one's first numbers.
    const std::uint64_t drawn =
        lastRun_ && !lastRun_->runs.empty() ? lastRun_->runs.front().seed : 0;
    rerunWith([drawn](Settings& s) { s.seed = drawn; });
  });
  connect(runView_, &RunViewWidget::catalogEntryRequested, this, &MainWindow::showCatalogEntry);
  connect(compareView_, &CompareWidget::runRequested, this, [this] { startCompare(); });
  // The runs already made that a comparison can take are those of the form's inputs.
  const auto formChanged = [this] {
    compareView_->setForm(currentRequest());
    if (params_->op() != formOp_) {
      formOp_ = params_->op();
      if (!runner_->isRunning()) runView_->clear();
    }
  };
  connect(params_, &OpParamsWidget::changed, this, formChanged);
  connect(devices_, &DeviceSelectorWidget::deviceChanged, this, formChanged);
  connect(compareView_, &CompareWidget::addCurrentRequested, this, [this] {
    if (auto s = settings_->settings()) compareView_->addCustom(*s);
  });
  connect(language_, &LanguageController::languageChanged, this, [this](const QString& lang) {
    demosView_->setLanguage(lang);
    actions_->setLanguage(lang);
    QSettings().setValue(QStringLiteral("language"), lang);
  });

  selectOp(QStringLiteral("index_add"));
  compareView_->setForm(currentRequest());
  runView_->clear();
  environment_->setEnvironment(collectEnvironment(*registry_));
  retranslate();
  projects_->markClean(QString());

  placeWindow();
  QMetaObject::invokeMethod(this, &MainWindow::offerRecovery, Qt::QueuedConnection);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildTabs() {
  tabs_ = new QTabWidget(this);
  runView_ = new RunViewWidget(tabs_);
  compareView_ = new CompareWidget(tabs_);
  tabs_->addTab(runView_, QString());
  tabs_->addTab(compareView_, QString());
  demosView_ = new DemosWidget(tabs_);
  demosView_->setLanguage(language_->language());
  tabs_->addTab(demosView_, QString());
  // A remote invariance run: the Environment panel shows that machine, as after a remote run.
  connect(invariance_, &InvarianceController::finished, this,
          [this](const std::vector<InvarianceOutcome>& outcomes, bool) {
            if (outcomes.empty() || !outcomes.front().remoteContext) return;
            environment_->setEnvironment(*outcomes.front().remoteContext);
            log_->append(LogWidget::Level::Info,
                         tr("Ran on %1 (%2); the Environment panel shows that machine.")
                             .arg(qstr(outcomes.front().remoteContext->host),
                                  qstr(outcomes.front().reachedThrough)));
          });
  invarianceView_ = new InvarianceWidget(
      invariance_, [this](QString* why) { return currentPlan(false, why); }, tabs_);
  connect(invarianceView_, &InvarianceWidget::message, this, [this](const QString& text, bool bad) {
    log_->append(bad ? LogWidget::Level::Error : LogWidget::Level::Info, text);
  });
  tabs_->addTab(invarianceView_, QString());
  // The tabs' names key the panels each one shows (TabPanels, kept between sessions).
  runView_->setObjectName(QStringLiteral("runTab"));
  compareView_->setObjectName(QStringLiteral("compareTab"));
  demosView_->setObjectName(QStringLiteral("demosTab"));
  invarianceView_->setObjectName(QStringLiteral("invarianceTab"));
  traceView_ = new TraceWidget(trace_, tabs_);
  traceView_->setObjectName(QStringLiteral("traceTab"));
  connect(traceView_, &TraceWidget::message, this, [this](const QString& text, bool bad) {
    log_->append(bad ? LogWidget::Level::Error : LogWidget::Level::Info, text);
    // The Trace tab shows no log: the status bar says it too.
    statusBar()->showMessage(text, bad ? 10000 : 5000);
  });
  connect(traceView_, &TraceWidget::openInWorkbench, this, &MainWindow::openTracedOp);
  tabs_->addTab(traceView_, QString());
  // A message in the status bar speaks of the tab it came from.
  connect(tabs_, &QTabWidget::currentChanged, this, [this] { statusBar()->clearMessage(); });
  setCentralWidget(tabs_);
}

void MainWindow::connectActions() {
  connect(actions_->newProject, &QAction::triggered, this, &MainWindow::newProject);
  connect(actions_->open, &QAction::triggered, this, &MainWindow::openDialog);
  connect(actions_->save, &QAction::triggered, this, [this] { saveProject(false); });
  connect(actions_->saveAs, &QAction::triggered, this, [this] { saveProject(true); });
  connect(actions_->exportReport, &QAction::triggered, this, &MainWindow::exportReport);
  connect(actions_->exportPlots, &QAction::triggered, this, &MainWindow::exportPlots);
  connect(actions_->copyMarkdown, &QAction::triggered, this, &MainWindow::copyMarkdown);
  connect(actions_->exportPytorch, &QAction::triggered, this, &MainWindow::exportForPyTorch);
  connect(actions_->quit, &QAction::triggered, this, &QWidget::close);
  connect(actions_->run, &QAction::triggered, this, [this] { startRun(); });
  connect(actions_->compare, &QAction::triggered, this, [this] { startCompare(); });
  connect(actions_->cancel, &QAction::triggered, runner_, &RunController::cancel);
  connect(actions_, &WindowActions::languageChosen, language_, &LanguageController::setLanguage);
  connect(actions_, &WindowActions::recentFileChosen, this, &MainWindow::openRecent);
  connect(actions_->guide, &QAction::triggered, this,
          [this] { showHelp(HelpDialog::Page::Guide); });
  connect(actions_->slurmJobs, &QAction::triggered, this, [this] { showSlurmJobs(QString()); });
  connect(actions_->glossary, &QAction::triggered, this,
          [this] { showHelp(HelpDialog::Page::Glossary); });
  connect(actions_->about, &QAction::triggered, this, [this] {
    QMessageBox::about(
        this, tr("About detbench"),
        tr("<b>detbench</b> %1<br>A workbench for determinism on GPUs and CPUs: run an op "
           "many times on identical inputs and see how its outputs vary and what "
           "determinism costs.<br><br>Settings mean what they mean in the PyTorch release "
           "chosen in the settings panel (the catalog holds %2 to %3).")
            .arg(QApplication::applicationVersion(), qstr(toString(oldestCatalogRelease())),
                 qstr(toString(newestCatalogRelease()))));
  });
}

HelpDialog* MainWindow::showHelp(HelpDialog::Page page) {
  if (!help_) {
    help_ = new HelpDialog(this);
    // A lesson link opens the lesson (it does not run it); the recipe link, the recipe check.
    // A link that opens a part of the window puts the Guide away, so that what it opened is in
    // front (F1 brings the Guide back where it was).
    connect(help_, &HelpDialog::lessonRequested, this, [this](const QString& name) {
      help_->hide();
      tabs_->setCurrentWidget(demosView_);
      demosView_->selectScenario(name);
    });
    connect(help_, &HelpDialog::recipeCheckRequested, this, [this] {
      help_->hide();
      showRecipeCheck(QString(), nullptr);
    });
    connect(help_, &HelpDialog::traceRequested, this, [this] {
      help_->hide();
      tabs_->setCurrentWidget(traceView_);
    });
  }
  help_->showPage(page, language_->language());
  help_->show();
  help_->raise();
  return help_;
}

void MainWindow::retranslate() {
  tabs_->setTabText(tabs_->indexOf(runView_), tr("Run"));
  tabs_->setTabText(tabs_->indexOf(compareView_), tr("Compare"));
  tabs_->setTabText(tabs_->indexOf(demosView_), tr("Demos"));
  tabs_->setTabText(tabs_->indexOf(invarianceView_), tr("Invariance"));
  tabs_->setTabText(tabs_->indexOf(traceView_), tr("Trace"));
  const QStringList dockTitles = {tr("Op catalog"), tr("Op and device"), tr("Settings"),
                                  tr("Log"),        tr("Environment"),   tr("Release changes")};
  for (std::size_t i = 0; i < docks_.size(); ++i)
    docks_[i]->setWindowTitle(dockTitles[static_cast<qsizetype>(i)]);
  actions_->retranslate();
  showPython();
  if (help_) help_->showPage(help_->page(), language_->language());
  updateTitle();
  fitPanels();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QMainWindow::changeEvent(event);
}

bool MainWindow::selectOp(const QString& op) {
  const int row = catalogModel_->rowOf(op);
  if (row < 0) return false;
  catalogView_->selectRow(row);
  if (params_->op() != op) params_->setOp(op);
  opSelector_->setOp(op);
  return true;
}

void MainWindow::showCompareView() {
  tabs_->setCurrentWidget(compareView_);
}
void MainWindow::showRunView() {
  tabs_->setCurrentWidget(runView_);
}

RunRequest MainWindow::currentRequest() const {
  RunRequest request;
  request.op = params_->op().toStdString();
  if (auto params = params_->params()) request.params = *params;
  request.device = devices_->device().toStdString();
  if (auto s = settings_->settings()) request.settings = *s;
  request.trials = params_->trials();
  request.warmup = params_->warmup();
  request.dataSeed = params_->dataSeed();
  return request;
}

std::optional<RunPlan> MainWindow::currentPlan(bool compare, QString* why) {
  auto refuse = [&](const QString& problem) -> std::optional<RunPlan> {
    statusBar()->showMessage(problem, 8000);
    log_->append(LogWidget::Level::Error, problem);
    if (why) *why = problem;
    return std::nullopt;
  };
  QString problem = settings_->problem();
  if (problem.isEmpty()) problem = params_->problem();
  if (problem.isEmpty() && devices_->device().isEmpty()) problem = tr("No device can run here.");
  if (!problem.isEmpty()) return refuse(problem);
  RunPlan plan;
  plan.request = currentRequest();
  plan.request.memoryLimitBytes = availableMemoryBytes();
  if (const auto host = devices_->remoteHost()) {
    plan.remote = host->plan(qstr(localHostName()));
  }
  if (compare) {
    compareView_->setForm(plan.request);
    plan.configurations = compareView_->configurations(plan.request.settings);
    if (plan.configurations.empty() && compareView_->reusedRuns(plan.request).empty()) {
      return refuse(tr("Check at least one configuration to compare."));
    }
  }
  return plan;
}

QString MainWindow::deviceAnnounced(const RunPlan& plan) {
  // A remote run names its host with the device: "cuda on me@gpu-box".
  if (!plan.remote) return qstr(plan.request.device);
  const QString where = qstr(plan.remote->where());
  if (plan.remote->slurm) {
    log_->append(LogWidget::Level::Info,
                 tr("Starting a Slurm job (%1); it may wait in the queue, and Cancel cancels it…")
                     .arg(qstr(plan.remote->label())));
  } else {
    log_->append(LogWidget::Level::Info, tr("Connecting to %1 through ssh (waiting at most %2 s)…")
                                             .arg(where)
                                             .arg(plan.remote->timeouts.hello.count() / 1000));
  }
  return tr("%1 on %2").arg(qstr(plan.request.device), where);
}

bool MainWindow::startRun(QString* why) {
  if (runner_->isRunning()) {
    if (why) *why = tr("A run is already in progress.");
    return false;
  }
  auto plan = currentPlan(false, why);
  if (!plan) return false;
  compare_->release();
  showRunView();
  const QString device = deviceAnnounced(*plan);
  runView_->beginRun(
      tr("%1 on %2 — %3")
          .arg(qstr(plan->request.op), device, Verdict::settingsLine(plan->request.settings)));
  log_->append(
      LogWidget::Level::Info,
      tr("Run: %1 on %2, %3 trials").arg(qstr(plan->request.op), device).arg(plan->request.trials));
  runner_->start(*plan);
  return true;
}

bool MainWindow::startCompare(QString* why) {
  if (runner_->isRunning()) {
    if (why) *why = tr("A run is already in progress.");
    return false;
  }
  auto plan = currentPlan(true, why);
  if (!plan) return false;
  showCompareView();
  // Runs already made on these inputs come first, as they are; the rest are run now.
  std::vector<RunResult> reused = compareView_->reusedRuns(plan->request);
  std::vector<SweepConfig> shown;
  for (const auto& r : reused) shown.push_back({r.label, r.settings});
  shown.insert(shown.end(), plan->configurations.begin(), plan->configurations.end());
  compareView_->beginCompare(shown);
  for (std::size_t i = 0; i < reused.size(); ++i)
    compareView_->finishConfiguration(static_cast<int>(i), reused[i]);
  QStringList names;
  for (const auto& c : shown) names << qstr(c.name);
  if (plan->configurations.empty()) {
    log_->append(LogWidget::Level::Info,
                 tr("Compare: %1, runs already made: %2")
                     .arg(qstr(plan->request.op), names.join(QStringLiteral(", "))));
    const int n = static_cast<int>(reused.size());
    compare_->start(*plan, std::move(reused), collectEnvironment(*registry_));
    statusBar()->showMessage(tr("Compared %n runs already made", "", n), 10000);
    projects_->markDirty();
    return true;
  }
  const QString device = deviceAnnounced(*plan);
  log_->append(LogWidget::Level::Info,
               tr("Compare: %1 on %2 under %3")
                   .arg(qstr(plan->request.op), device, names.join(QStringLiteral(", "))));
  compare_->start(*plan, std::move(reused), {});
  return true;
}

void MainWindow::connectRunner() {
  connect(runner_, &RunController::started, this, [this](int configs, int trials) {
    setRunning(true);
    progress_->setRange(0, configs * trials);
    progress_->setValue(0);
  });
  // A comparison's records and results reach the Compare tab through the CompareController.
  connect(runner_, &RunController::trialsRecorded, this,
          [this](int, const QVector<TrialRecord>& records) {
            if (!compare_->active()) runView_->appendTrials(records);
          });
  connect(compare_, &CompareController::trialsRecorded, compareView_, &CompareWidget::appendTrials);
  connect(compare_, &CompareController::configurationFinished, compareView_,
          &CompareWidget::finishConfiguration);
  connect(compare_, &CompareController::finished, this, [this](const ReportDocument& report, bool) {
    lastCompare_ = report;
    compareView_->showResults(lastCompare_->runs);
  });
  connect(runner_, &RunController::remoteState, this, [this](const QString& state) {
    log_->append(LogWidget::Level::Info, tr("Slurm: %1").arg(state));
    statusBar()->showMessage(tr("Slurm: %1").arg(state));
    if (!compare_->active()) runView_->showWaiting(state);
  });
  connect(runner_, &RunController::progress, this, [this](int done, int total, double rate) {
    progress_->setMaximum(total);
    progress_->setValue(done);
    rate_->setText(tr("%1 trials/s").arg(rate, 0, 'f', rate < 100 ? 1 : 0));
  });
  connect(runner_, &RunController::configurationFinished, this, [this](int, const RunResult& r) {
    for (const auto& w : r.warnings) log_->append(LogWidget::Level::Warning, qstr(w.message));
    for (const auto& e : r.errors) log_->append(LogWidget::Level::Error, qstr(e.message));
    log_->append(LogWidget::Level::Info,
                 QStringLiteral("%1: %2").arg(qstr(r.label), Verdict::headline(r)));
  });
  connect(runner_, &RunController::finished, this,
          [this](const ReportDocument& report, bool cancelled) {
            setRunning(false);
            if (!compare_->active()) {
              lastRun_ = report;
              // Offered to the next comparison on the same inputs.
              if (!cancelled && !report.runs.empty()) {
                compareView_->setForm(currentRequest());
                compareView_->addMadeRun(report.runs.front());
              }
              if (!report.runs.empty()) {
                runView_->showResult(report.runs.front(),
                                     report.viewer ? qstr(report.context.host) : QString(),
                                     nextSteps(report.runs.front()));
              } else {
                runView_->clear();
              }
            }
            environment_->setEnvironment(report.context);
            if (report.viewer) {
              log_->append(LogWidget::Level::Info,
                           tr("Ran on %1 (%2); the Environment panel shows that machine.")
                               .arg(qstr(report.context.host), qstr(report.viewer->remote)));
            }
            if (cancelled) log_->append(LogWidget::Level::Warning, tr("Cancelled."));
            // The status bar says what happened, not only that something ended.
            QString status = cancelled ? tr("Cancelled") : tr("Done");
            if (!cancelled && compare_->active() && lastCompare_) {
              status = tr("Comparison finished: %n configurations", "",
                          static_cast<int>(lastCompare_->runs.size()));
            } else if (!cancelled && !report.runs.empty()) {
              status = Verdict::headline(report.runs.front());
            }
            statusBar()->showMessage(status, 10000);
            projects_->markDirty();
            projects_->autosaveNow();
          });
  connect(runner_, &RunController::failed, this, [this](const QString& message) {
    setRunning(false);
    if (!compare_->active()) runView_->clear();
    log_->append(LogWidget::Level::Error, message);
    statusBar()->showMessage(message, 10000);
    QMessageBox::warning(this, tr("The run could not start"), message);
  });
}

RunViewWidget::NextSteps MainWindow::nextSteps(const RunResult& r) const {
  RunViewWidget::NextSteps steps;
  const OpTraits* traits = findOpTraits(r.op);
  // detbench's extensions run detbench's kernels: not offered where PyTorch's own ran.
  const bool extensionOffered = traits &&
                                traits->traits(devices_->traitsClass()).detbenchExtension &&
                                r.settings.semantics != CatalogSemantics::Extensions &&
                                !r.dispatch.library && !r.libraryCheck;
  if (!r.failed() && !r.summary.reproducible && !r.trials.empty() && traits) {
    // The outputs varied: the fix the catalog knows for this op, as the Settings would set it.
    const DeviceTraits& t = traits->traits(devices_->traitsClass());
    steps.seed = t.source == NondeterminismSource::Rng && !r.settings.seed;
    steps.deterministicMode = t.errorMode == ErrorModeBehavior::SwitchesToDeterministic &&
                              r.settings.deterministic != DeterministicMode::Error;
    steps.extension = extensionOffered && t.errorMode != ErrorModeBehavior::SwitchesToDeterministic;
    return steps;
  }
  if (!r.raisedNondeterministic()) return steps;
  if (Verdict::needsWorkspaceConfig(r)) {
    steps.workspace = true;
  } else {
    steps.warnMode = r.settings.deterministic == DeterministicMode::Error;
    steps.extension = extensionOffered;
  }
  return steps;
}

void MainWindow::rerunWith(const std::function<void(Settings&)>& change) {
  auto s = settings_->settings();
  if (!s) return;
  change(*s);
  settings_->setSettings(*s);
  startRun();
}

void MainWindow::showCatalogEntry(const QString& op) {
  selectOp(op);
  QDockWidget* catalog = docks_[0];
  catalog->show();
  catalog->raise();
  const int row = catalogModel_->rowOf(op);
  if (row < 0) return;
  catalogView_->scrollTo(catalogModel_->index(row, 0));
  QMessageBox box(QMessageBox::Information, tr("Catalog: %1").arg(op),
                  catalogModel_->data(catalogModel_->index(row, 0), Qt::ToolTipRole).toString(),
                  QMessageBox::Close, this);
  box.setTextFormat(Qt::RichText);
  box.exec();
}

void MainWindow::setRunning(bool running) {
  actions_->setRunning(running);
  progress_->setVisible(running);
  if (!running) rate_->clear();
}

void MainWindow::connectDemos() {
  connect(demosView_, &DemosWidget::runRequested, this, [this](const demo::Scenario* s) {
    if (runner_->isRunning()) {
      statusBar()->showMessage(tr("Wait for the run in progress, or cancel it."), 5000);
      return;
    }
    // The Demos tab runs here; the command line takes a demo to the remote host.
    if (const auto host = devices_->remoteHost()) {
      log_->append(LogWidget::Level::Info,
                   tr("Demos run on this machine; to run this one on %1: detbench demo %2 "
                      "--host %1")
                       .arg(qstr(host->target.destination), qstr(s->name)));
    }
    demos_->start(s);
  });
  connect(demosView_, &DemosWidget::exportRequested, this, &MainWindow::exportDemo);
  // The tab follows the controller itself; the window's actions and log follow here.
  demosView_->setController(demos_);
  connect(demos_, &DemoController::started, this, [this] {
    actions_->run->setEnabled(false);
    actions_->compare->setEnabled(false);
  });
  auto done = [this] {
    actions_->run->setEnabled(true);
    actions_->compare->setEnabled(true);
  };
  connect(demos_, &DemoController::finished, this, [this, done] {
    done();
    const auto& o = *demos_->outcome();
    log_->append(o.asExpected() ? LogWidget::Level::Info : LogWidget::Level::Warning,
                 tr("Demo %1 on %2: %3")
                     .arg(qstr(demos_->scenario()->name), qstr(o.device),
                          o.cancelled      ? tr("cancelled")
                          : o.asExpected() ? tr("as expected")
                                           : tr("not as the text says")));
  });
  connect(demos_, &DemoController::failed, this, [this, done](const QString& message) {
    done();
    log_->append(LogWidget::Level::Error, message);
    QMessageBox::warning(this, tr("The demo could not run"), message);
  });
}

bool MainWindow::startInvariance(InvarianceAxis axis, QString* why) {
  tabs_->setCurrentWidget(invarianceView_);
  invarianceView_->setAxis(axis);
  return invarianceView_->start(why);
}

bool MainWindow::startDemo(const QString& name, QString* why) {
  if (demos_->isRunning()) {
    if (why) *why = tr("A demo is already running.");
    return false;
  }
  tabs_->setCurrentWidget(demosView_);
  if (!demosView_->selectScenario(name)) {
    if (why) *why = tr("There is no demo named %1.").arg(name);
    return false;
  }
  demos_->start(demosView_->currentScenario());
  return true;
}

bool MainWindow::showRecipeCheck(const QString& file, QString* why) {
  tabs_->setCurrentWidget(demosView_);
  demosView_->showRecipeCheck();
  return file.isEmpty() || demosView_->recipeCheck()->openFile(file, why);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (runner_->isRunning()) runner_->cancel();
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  saveLayout();
  ProjectController::discardAutosave();
  event->accept();
}

}  // namespace detbench::gui
