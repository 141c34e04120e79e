#include "app/MainWindow.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include "common/Text.hpp"
#include "common/Verdict.hpp"
#include "controllers/DemoController.hpp"
#include "controllers/InvarianceController.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "controllers/RunController.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/run/HostMemory.hpp"
#include "models/OpCatalogModel.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/CatalogChangesWidget.hpp"
#include "widgets/CompareWidget.hpp"
#include "widgets/DemosWidget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/EnvironmentWidget.hpp"
#include "widgets/InvarianceWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/OpSelectorWidget.hpp"
#include "widgets/RecipeCheckWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/SettingsWidget.hpp"

namespace detbench::gui {

namespace {
QWidget* scrollable(QWidget* inner, QWidget* parent) {
  auto* area = new QScrollArea(parent);
  area->setWidget(inner);
  area->setWidgetResizable(true);
  area->setFrameShape(QFrame::NoFrame);
  return area;
}
}  // namespace

MainWindow::MainWindow(std::shared_ptr<const BackendRegistry> registry,
                       LanguageController* language, QWidget* parent)
    : QMainWindow(parent),
      registry_(std::move(registry)),
      language_(language),
      runner_(new RunController(registry_, this)),
      demos_(new DemoController(registry_, this)),
      projects_(new ProjectController([this] { return project(); }, this)) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/detbench.svg")));
  setDockNestingEnabled(true);

  tabs_ = new QTabWidget(this);
  runView_ = new RunViewWidget(tabs_);
  compareView_ = new CompareWidget(tabs_);
  tabs_->addTab(runView_, QString());
  tabs_->addTab(compareView_, QString());
  demosView_ = new DemosWidget(tabs_);
  demosView_->setLanguage(language_->language());
  tabs_->addTab(demosView_, QString());
  auto* invariance = new InvarianceController(registry_, this);
  // A remote invariance run: the Environment panel shows that machine, as after a remote run.
  connect(invariance, &InvarianceController::finished, this,
          [this](const std::vector<InvarianceOutcome>& outcomes, bool) {
            if (outcomes.empty() || !outcomes.front().remoteContext) return;
            environment_->setEnvironment(*outcomes.front().remoteContext);
            log_->append(LogWidget::Level::Info,
                         tr("Ran on %1 (%2); the Environment panel shows that machine.")
                             .arg(qstr(outcomes.front().remoteContext->host),
                                  qstr(outcomes.front().reachedThrough)));
          });
  invarianceView_ = new InvarianceWidget(
      invariance, [this](QString* why) { return currentPlan(false, why); }, tabs_);
  connect(invarianceView_, &InvarianceWidget::message, this, [this](const QString& text, bool bad) {
    log_->append(bad ? LogWidget::Level::Error : LogWidget::Level::Info, text);
  });
  tabs_->addTab(invarianceView_, QString());
  setCentralWidget(tabs_);

  buildDocks();
  buildActions();
  buildMenus();
  connectRunner();

  progress_ = new QProgressBar(this);
  progress_->setMaximumWidth(240);
  progress_->hide();
  rate_ = new QLabel(this);
  statusBar()->addPermanentWidget(rate_);
  statusBar()->addPermanentWidget(progress_);

  connect(projects_, &ProjectController::dirtyChanged, this, &MainWindow::updateTitle);
  connect(projects_, &ProjectController::pathChanged, this, &MainWindow::updateTitle);
  connect(projects_, &ProjectController::recentFilesChanged, this, &MainWindow::updateRecentMenu);
  connect(settings_, &SettingsWidget::changed, projects_, &ProjectController::markDirty);
  connect(params_, &OpParamsWidget::changed, projects_, &ProjectController::markDirty);
  connect(compareView_, &CompareWidget::configurationsChanged, projects_,
          &ProjectController::markDirty);
  connect(compareView_, &CompareWidget::runRequested, this, [this] { startCompare(); });
  connect(compareView_, &CompareWidget::addCurrentRequested, this, [this] {
    if (auto s = settings_->settings()) compareView_->addCustom(*s);
  });
  connectDemos();
  connect(language_, &LanguageController::languageChanged, this, [this](const QString& lang) {
    demosView_->setLanguage(lang);
    englishAction_->setChecked(lang == QLatin1String("en"));
    chineseAction_->setChecked(lang == QLatin1String("zh_CN"));
    QSettings().setValue(QStringLiteral("language"), lang);
  });

  selectOp(QStringLiteral("index_add"));
  runView_->clear();
  environment_->setEnvironment(collectEnvironment(*registry_));
  retranslate();
  updateRecentMenu();
  projects_->markClean(QString());

  resize(1440, 900);
  QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  QMetaObject::invokeMethod(this, &MainWindow::offerRecovery, Qt::QueuedConnection);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
  auto dock = [this](const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(this);
    d->setObjectName(name);
    d->setWidget(widget);
    addDockWidget(area, d);
    docks_.push_back(d);
    return d;
  };
  // The op: catalog, device and parameters.
  auto* opPanel = new QWidget(this);
  auto* opLayout = new QVBoxLayout(opPanel);
  catalogModel_ = new OpCatalogModel(this);
  catalogView_ = new QTableView(opPanel);
  catalogView_->setObjectName(QStringLiteral("catalog"));
  catalogView_->setModel(catalogModel_);
  catalogView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  catalogView_->setSelectionMode(QAbstractItemView::SingleSelection);
  catalogView_->verticalHeader()->hide();
  catalogView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  catalogView_->horizontalHeader()->setStretchLastSection(true);
  catalogView_->setWordWrap(false);
  opSelector_ = new OpSelectorWidget(opPanel);
  devices_ = new DeviceSelectorWidget(*registry_, opPanel);
  params_ = new OpParamsWidget(opPanel);
  opLayout->addWidget(opSelector_);
  opLayout->addWidget(devices_);
  opLayout->addWidget(params_);
  opLayout->addStretch(1);
  settings_ = new SettingsWidget(this);
  log_ = new LogWidget(this);
  environment_ = new EnvironmentWidget(this);

  dock(QStringLiteral("catalogDock"), catalogView_, Qt::BottomDockWidgetArea);
  dock(QStringLiteral("opDock"), scrollable(opPanel, this), Qt::LeftDockWidgetArea);
  dock(QStringLiteral("settingsDock"), scrollable(settings_, this), Qt::LeftDockWidgetArea);
  auto* logDock = dock(QStringLiteral("logDock"), log_, Qt::BottomDockWidgetArea);
  auto* envDock = dock(QStringLiteral("environmentDock"), environment_, Qt::BottomDockWidgetArea);
  tabifyDockWidget(logDock, envDock);
  logDock->raise();
  splitDockWidget(docks_[0], logDock, Qt::Horizontal);
  // The release changes: a tab beside the catalog they describe, and as wide.
  catalogChanges_ = new CatalogChangesWidget(this);
  auto* changesDock = dock(QStringLiteral("catalogChangesDock"), scrollable(catalogChanges_, this),
                           Qt::BottomDockWidgetArea);
  tabifyDockWidget(docks_[0], changesDock);
  docks_[0]->raise();
  resizeDocks({docks_[1], docks_[2]}, {430, 400}, Qt::Vertical);
  resizeDocks({docks_[1]}, {410}, Qt::Horizontal);
  resizeDocks({docks_[0]}, {200}, Qt::Vertical);
  resizeDocks({docks_[0], logDock}, {820, 600}, Qt::Horizontal);

  catalogModel_->setTraitsClass(devices_->traitsClass());
  const auto followRelease = [this] {
    if (const auto s = settings_->settings()) {
      catalogModel_->setRelease(s->pytorch);
      catalogChanges_->setRelease(s->pytorch);
    }
  };
  followRelease();
  connect(settings_, &SettingsWidget::changed, this, followRelease);
  connect(devices_, &DeviceSelectorWidget::deviceChanged, this, [this] {
    catalogModel_->setTraitsClass(devices_->traitsClass());
    projects_->markDirty();
  });
  connect(catalogView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            const QString op = catalogModel_->opAt(current.row());
            if (!op.isEmpty() && op != params_->op()) params_->setOp(op);
            if (!op.isEmpty()) opSelector_->setOp(op);
          });
  connect(opSelector_, &OpSelectorWidget::opChosen, this, [this](const QString& op) {
    selectOp(op);
    catalogView_->scrollTo(catalogModel_->index(catalogModel_->rowOf(op), 0));
  });
}

void MainWindow::buildActions() {
  auto action = [this](const char* icon, const QKeySequence& key) {
    auto* a = new QAction(this);
    if (icon) a->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(icon))));
    if (!key.isEmpty()) a->setShortcut(key);
    return a;
  };
  newAction_ = action("new", QKeySequence::New);
  openAction_ = action("open", QKeySequence::Open);
  saveAction_ = action("save", QKeySequence::Save);
  saveAsAction_ = action(nullptr, QKeySequence::SaveAs);
  exportAction_ = action("export", QKeySequence(Qt::CTRL | Qt::Key_E));
  exportPlotsAction_ = action(nullptr, QKeySequence());
  copyMarkdownAction_ = action(nullptr, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  exportPytorchAction_ = action(nullptr, QKeySequence());
  quitAction_ = action(nullptr, QKeySequence::Quit);
  runAction_ = action("run", QKeySequence(Qt::CTRL | Qt::Key_R));
  compareAction_ = action("compare", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
  cancelAction_ = action("cancel", QKeySequence(Qt::Key_Escape));
  englishAction_ = action(nullptr, QKeySequence());
  chineseAction_ = action(nullptr, QKeySequence());
  aboutAction_ = action(nullptr, QKeySequence());
  runAction_->setObjectName(QStringLiteral("runAction"));
  cancelAction_->setEnabled(false);
  auto* group = new QActionGroup(this);
  for (QAction* a : {englishAction_, chineseAction_}) {
    a->setCheckable(true);
    group->addAction(a);
  }
  englishAction_->setChecked(language_->language() == QLatin1String("en"));
  chineseAction_->setChecked(language_->language() == QLatin1String("zh_CN"));

  connect(newAction_, &QAction::triggered, this, &MainWindow::newProject);
  connect(openAction_, &QAction::triggered, this, &MainWindow::openDialog);
  connect(saveAction_, &QAction::triggered, this, [this] { saveProject(false); });
  connect(saveAsAction_, &QAction::triggered, this, [this] { saveProject(true); });
  connect(exportAction_, &QAction::triggered, this, &MainWindow::exportReport);
  connect(exportPlotsAction_, &QAction::triggered, this, &MainWindow::exportPlots);
  connect(copyMarkdownAction_, &QAction::triggered, this, &MainWindow::copyMarkdown);
  connect(exportPytorchAction_, &QAction::triggered, this, &MainWindow::exportForPyTorch);
  connect(quitAction_, &QAction::triggered, this, &QWidget::close);
  connect(runAction_, &QAction::triggered, this, [this] { startRun(); });
  connect(compareAction_, &QAction::triggered, this, [this] { startCompare(); });
  connect(cancelAction_, &QAction::triggered, runner_, &RunController::cancel);
  connect(englishAction_, &QAction::triggered, this,
          [this] { language_->setLanguage(QStringLiteral("en")); });
  connect(chineseAction_, &QAction::triggered, this,
          [this] { language_->setLanguage(QStringLiteral("zh_CN")); });
  connect(aboutAction_, &QAction::triggered, this, [this] {
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

void MainWindow::buildMenus() {
  fileMenu_ = menuBar()->addMenu(QString());
  fileMenu_->addAction(newAction_);
  fileMenu_->addAction(openAction_);
  recentMenu_ = fileMenu_->addMenu(QString());
  fileMenu_->addAction(saveAction_);
  fileMenu_->addAction(saveAsAction_);
  fileMenu_->addSeparator();
  fileMenu_->addAction(exportAction_);
  fileMenu_->addAction(exportPlotsAction_);
  fileMenu_->addAction(copyMarkdownAction_);
  fileMenu_->addAction(exportPytorchAction_);
  fileMenu_->addSeparator();
  fileMenu_->addAction(quitAction_);
  runMenu_ = menuBar()->addMenu(QString());
  runMenu_->addAction(runAction_);
  runMenu_->addAction(compareAction_);
  runMenu_->addAction(cancelAction_);
  viewMenu_ = menuBar()->addMenu(QString());
  for (QDockWidget* d : docks_) viewMenu_->addAction(d->toggleViewAction());
  languageMenu_ = menuBar()->addMenu(QString());
  languageMenu_->addAction(englishAction_);
  languageMenu_->addAction(chineseAction_);
  helpMenu_ = menuBar()->addMenu(QString());
  helpMenu_->addAction(aboutAction_);

  auto* toolbar = addToolBar(QString());
  toolbar->setObjectName(QStringLiteral("mainToolBar"));
  toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toolbar->addAction(runAction_);
  toolbar->addAction(compareAction_);
  toolbar->addAction(cancelAction_);
  toolbar->addSeparator();
  toolbar->addAction(openAction_);
  toolbar->addAction(saveAction_);
  toolbar->addAction(exportAction_);
}

void MainWindow::retranslate() {
  tabs_->setTabText(0, tr("Run"));
  tabs_->setTabText(1, tr("Compare"));
  tabs_->setTabText(2, tr("Demos"));
  tabs_->setTabText(3, tr("Invariance"));
  const QStringList dockTitles = {tr("Op catalog"), tr("Op and device"), tr("Settings"),
                                  tr("Log"),        tr("Environment"),   tr("Release changes")};
  for (std::size_t i = 0; i < docks_.size(); ++i)
    docks_[i]->setWindowTitle(dockTitles[static_cast<qsizetype>(i)]);
  fileMenu_->setTitle(tr("&File"));
  recentMenu_->setTitle(tr("Open &recent"));
  runMenu_->setTitle(tr("&Run"));
  viewMenu_->setTitle(tr("&View"));
  languageMenu_->setTitle(tr("&Language"));
  helpMenu_->setTitle(tr("&Help"));
  newAction_->setText(tr("&New project"));
  openAction_->setText(tr("&Open…"));
  saveAction_->setText(tr("&Save"));
  saveAsAction_->setText(tr("Save &as…"));
  exportAction_->setText(tr("&Export report…"));
  exportAction_->setToolTip(tr("HTML, PDF, Markdown, JSON or CSV of the current view's results"));
  exportPlotsAction_->setText(tr("Export &plots (PNG and SVG)…"));
  copyMarkdownAction_->setText(tr("&Copy as Markdown"));
  exportPytorchAction_->setText(tr("Export for &PyTorch…"));
  exportPytorchAction_->setToolTip(
      tr("A Python script and the inputs that repeat this run in PyTorch, for a bug report"));
  quitAction_->setText(tr("&Quit"));
  runAction_->setText(tr("Run"));
  runAction_->setToolTip(tr("Run the op's trials with the current settings (Ctrl+R)"));
  compareAction_->setText(tr("Compare"));
  compareAction_->setToolTip(tr("Run the checked configurations side by side (Ctrl+Shift+R)"));
  cancelAction_->setText(tr("Cancel"));
  englishAction_->setText(QStringLiteral("English"));
  chineseAction_->setText(QStringLiteral("简体中文"));
  aboutAction_->setText(tr("&About detbench"));
  updateRecentMenu();
  updateTitle();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QMainWindow::changeEvent(event);
}

void MainWindow::updateTitle() {
  const QString name =
      projects_->path().isEmpty() ? tr("Untitled") : QFileInfo(projects_->path()).fileName();
  setWindowTitle(QStringLiteral("%1%2 — detbench")
                     .arg(name, projects_->isDirty() ? QStringLiteral("*") : QString()));
}

void MainWindow::updateRecentMenu() {
  recentMenu_->clear();
  const QStringList files = projects_->recentFiles();
  for (const QString& f : files) {
    QAction* a = recentMenu_->addAction(QFileInfo(f).fileName());
    a->setToolTip(f);
    connect(a, &QAction::triggered, this, [this, f] {
      if (!maybeSave()) return;
      QString error;
      if (!openProject(f, &error)) QMessageBox::warning(this, tr("Cannot open project"), error);
    });
  }
  recentMenu_->setEnabled(!files.isEmpty());
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
  plan.request.op = params_->op().toStdString();
  plan.request.params = *params_->params();
  plan.request.device = devices_->device().toStdString();
  plan.request.settings = *settings_->settings();
  plan.request.trials = params_->trials();
  plan.request.warmup = params_->warmup();
  plan.request.dataSeed = params_->dataSeed();
  plan.request.memoryLimitBytes = availableMemoryBytes();
  if (const auto host = devices_->remoteHost()) {
    plan.remote = host->plan(qstr(localHostName()));
  }
  if (compare) {
    plan.configurations = compareView_->configurations(plan.request.settings);
    if (plan.configurations.empty()) {
      return refuse(tr("Check at least one configuration to compare."));
    }
  }
  return plan;
}

QString MainWindow::deviceAnnounced(const RunPlan& plan) {
  // A remote run names its host with the device: "cuda on me@gpu-box".
  if (!plan.remote) return qstr(plan.request.device);
  const QString where = qstr(plan.remote->target.destination);
  log_->append(LogWidget::Level::Info, tr("Connecting to %1 through ssh (waiting at most %2 s)…")
                                           .arg(where)
                                           .arg(plan.remote->timeouts.hello.count() / 1000));
  return tr("%1 on %2").arg(qstr(plan.request.device), where);
}

bool MainWindow::startRun(QString* why) {
  if (runner_->isRunning()) {
    if (why) *why = tr("A run is already in progress.");
    return false;
  }
  auto plan = currentPlan(false, why);
  if (!plan) return false;
  comparing_ = false;
  showRunView();
  const QString device = deviceAnnounced(*plan);
  runView_->beginRun(
      QStringLiteral("%1 on %2 — %3")
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
  comparing_ = true;
  showCompareView();
  compareView_->beginCompare(plan->configurations);
  QStringList names;
  for (const auto& c : plan->configurations) names << qstr(c.name);
  const QString device = deviceAnnounced(*plan);
  log_->append(LogWidget::Level::Info,
               tr("Compare: %1 on %2 under %3")
                   .arg(qstr(plan->request.op), device, names.join(QStringLiteral(", "))));
  runner_->start(*plan);
  return true;
}

void MainWindow::connectRunner() {
  connect(runner_, &RunController::started, this, [this](int configs, int trials) {
    setRunning(true);
    progress_->setRange(0, configs * trials);
    progress_->setValue(0);
  });
  connect(runner_, &RunController::trialsRecorded, this,
          [this](int config, const QVector<TrialRecord>& records) {
            if (comparing_)
              compareView_->appendTrials(config, records);
            else
              runView_->appendTrials(records);
          });
  connect(runner_, &RunController::progress, this, [this](int done, int total, double rate) {
    progress_->setMaximum(total);
    progress_->setValue(done);
    rate_->setText(tr("%1 trials/s").arg(rate, 0, 'f', rate < 100 ? 1 : 0));
  });
  connect(runner_, &RunController::configurationFinished, this,
          [this](int index, const RunResult& r) {
            if (comparing_) compareView_->finishConfiguration(index, r);
            for (const auto& w : r.warnings)
              log_->append(LogWidget::Level::Warning, qstr(w.message));
            for (const auto& e : r.errors) log_->append(LogWidget::Level::Error, qstr(e.message));
            log_->append(LogWidget::Level::Info,
                         QStringLiteral("%1: %2").arg(qstr(r.label), Verdict::headline(r)));
          });
  connect(runner_, &RunController::finished, this,
          [this](const ReportDocument& report, bool cancelled) {
            setRunning(false);
            if (comparing_) {
              lastCompare_ = report;
              compareView_->showResults(report.runs);
            } else {
              lastRun_ = report;
              if (!report.runs.empty()) {
                runView_->showResult(report.runs.front(),
                                     report.viewer ? qstr(report.context.host) : QString());
              }
            }
            environment_->setEnvironment(report.context);
            if (report.viewer) {
              log_->append(LogWidget::Level::Info,
                           tr("Ran on %1 (%2); the Environment panel shows that machine.")
                               .arg(qstr(report.context.host), qstr(report.viewer->remote)));
            }
            if (cancelled) log_->append(LogWidget::Level::Warning, tr("Cancelled."));
            statusBar()->showMessage(cancelled ? tr("Cancelled") : tr("Done"), 5000);
            projects_->markDirty();
            projects_->autosaveNow();
          });
  connect(runner_, &RunController::failed, this, [this](const QString& message) {
    setRunning(false);
    log_->append(LogWidget::Level::Error, message);
    statusBar()->showMessage(message, 10000);
    QMessageBox::warning(this, tr("The run could not start"), message);
  });
}

void MainWindow::setRunning(bool running) {
  runAction_->setEnabled(!running);
  compareAction_->setEnabled(!running);
  cancelAction_->setEnabled(running);
  progress_->setVisible(running);
  if (!running) rate_->clear();
}

Project MainWindow::project() const {
  Project p;
  p.request.op = params_->op().toStdString();
  if (auto params = params_->params()) p.request.params = *params;
  p.request.device = devices_->device().toStdString();
  p.remote = devices_->remoteHost();
  if (auto s = settings_->settings()) p.request.settings = *s;
  p.request.trials = params_->trials();
  p.request.warmup = params_->warmup();
  p.request.dataSeed = params_->dataSeed();
  p.comparePresets = compareView_->checkedPresets();
  p.customConfigurations = compareView_->customConfigurations();
  p.run = lastRun_;
  p.compare = lastCompare_;
  return p;
}

void MainWindow::applyProject(const Project& p) {
  selectOp(qstr(p.request.op));
  params_->setParams(p.request.params);
  params_->setTrials(p.request.trials);
  params_->setWarmup(p.request.warmup);
  params_->setDataSeed(p.request.dataSeed);
  if (p.remote) {
    RemoteHost host = *p.remote;
    // The identity file and the program there are this machine's settings: the ones remembered
    // for the same destination, else ssh's default keys and `detbench` on the remote PATH.
    const RemoteHost remembered = RemoteHost::load();
    if (remembered.target.destination == host.target.destination) {
      host.target.identityFile = remembered.target.identityFile;
      host.target.remoteDetbench = remembered.target.remoteDetbench;
    }
    devices_->setRemoteHost(host);
    log_->append(
        LogWidget::Level::Info,
        tr("The project runs on %1 of %2 through ssh (detbench there: %3).")
            .arg(host.device, qstr(host.target.destination), qstr(host.target.remoteDetbench)));
  } else if (!devices_->setDevice(qstr(p.request.device))) {
    log_->append(LogWidget::Level::Warning, tr("The project's device %1 cannot run here; using %2.")
                                                .arg(qstr(p.request.device), devices_->device()));
  }
  settings_->setSettings(p.request.settings);
  compareView_->setCustomConfigurations(p.customConfigurations);
  compareView_->setCheckedPresets(p.comparePresets);
  lastRun_ = p.run;
  lastCompare_ = p.compare;
  if (p.run && !p.run->runs.empty()) {
    runView_->beginRun(QString());
    runView_->showResult(p.run->runs.front());
  } else {
    runView_->clear();
  }
  if (p.compare)
    compareView_->showResults(p.compare->runs);
  else
    compareView_->clear();
}

bool MainWindow::openProject(const QString& path, QString* error) {
  auto p = projects_->open(path, error);
  if (!p) return false;
  applyProject(*p);
  projects_->markClean(path);
  log_->append(LogWidget::Level::Info, tr("Opened %1").arg(path));
  return true;
}

bool MainWindow::maybeSave() {
  if (!projects_->isDirty()) return true;
  const auto answer =
      QMessageBox::question(this, tr("Unsaved changes"), tr("Save the changes to this project?"),
                            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Cancel) return false;
  if (answer == QMessageBox::Save) return saveProject(false);
  return true;
}

void MainWindow::newProject() {
  if (!maybeSave()) return;
  Project p;
  p.request.op = "index_add";
  p.comparePresets = {QStringLiteral("default"), QStringLiteral("deterministic"),
                      QStringLiteral("atomic")};
  applyProject(p);
  selectOp(QStringLiteral("index_add"));
  params_->setOp(QStringLiteral("index_add"));
  projects_->markClean(QString());
}

void MainWindow::openDialog() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), QString(),
                                                    tr("detbench projects (*.detbench)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openProject(path, &error)) QMessageBox::warning(this, tr("Cannot open project"), error);
}

bool MainWindow::saveProject(bool askPath) {
  QString path = projects_->path();
  if (askPath || path.isEmpty()) {
    path =
        QFileDialog::getSaveFileName(this, tr("Save project"), QStringLiteral("untitled.detbench"),
                                     tr("detbench projects (*.detbench)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".detbench"))) path += QStringLiteral(".detbench");
  }
  QString error;
  if (!projects_->save(path, &error)) {
    QMessageBox::warning(this, tr("Cannot save project"), error);
    return false;
  }
  statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
  return true;
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
  connect(demosView_, &DemosWidget::cancelRequested, demos_, &DemoController::cancel);
  connect(demosView_, &DemosWidget::exportRequested, this, &MainWindow::exportDemo);
  connect(demos_, &DemoController::started, this, [this] {
    demosView_->setRunning(true);
    runAction_->setEnabled(false);
    compareAction_->setEnabled(false);
  });
  connect(demos_, &DemoController::progress, demosView_, &DemosWidget::showProgress);
  auto done = [this] {
    demosView_->setRunning(false);
    runAction_->setEnabled(true);
    compareAction_->setEnabled(true);
  };
  connect(demos_, &DemoController::finished, this, [this, done] {
    done();
    demosView_->showOutcome(*demos_->scenario(), demos_->outcome());
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

void MainWindow::offerRecovery() {
  QString savedAt;
  auto p = ProjectController::recoverable(&savedAt);
  if (!p) return;
  const auto answer = QMessageBox::question(
      this, tr("Recover unsaved work?"),
      tr("detbench did not close cleanly last time. Recover the work autosaved at %1?")
          .arg(savedAt),
      QMessageBox::Yes | QMessageBox::Discard);
  if (answer == QMessageBox::Yes) {
    applyProject(*p);
    projects_->markDirty();
    log_->append(LogWidget::Level::Info, tr("Recovered the autosaved work from %1").arg(savedAt));
  } else {
    ProjectController::discardAutosave();
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (runner_->isRunning()) runner_->cancel();
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings.setValue(QStringLiteral("window/state"), saveState());
  ProjectController::discardAutosave();
  event->accept();
}

}  // namespace detbench::gui
