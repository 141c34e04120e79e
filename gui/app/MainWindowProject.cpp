// The main window's project handling: what it shows as a project and the reverse, new, open
// (from the dialog or the recent files), save, the recovery of autosaved work, and the title
// that names the file and its unsaved changes.

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

#include "app/MainWindow.hpp"
#include "app/WindowActions.hpp"
#include "common/Text.hpp"
#include "controllers/ProjectController.hpp"
#include "widgets/CompareWidget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/SettingsWidget.hpp"

namespace detbench::gui {

void MainWindow::connectProject() {
  connect(projects_, &ProjectController::dirtyChanged, this, &MainWindow::updateTitle);
  connect(projects_, &ProjectController::pathChanged, this, &MainWindow::updateTitle);
  connect(projects_, &ProjectController::recentFilesChanged, this,
          [this] { actions_->setRecentFiles(projects_->recentFiles()); });
  connect(settings_, &SettingsWidget::changed, projects_, &ProjectController::markDirty);
  connect(params_, &OpParamsWidget::changed, projects_, &ProjectController::markDirty);
  connect(compareView_, &CompareWidget::configurationsChanged, projects_,
          &ProjectController::markDirty);
  actions_->setRecentFiles(projects_->recentFiles());
}

Project MainWindow::project() const {
  Project p;
  p.request = currentRequest();
  p.remote = devices_->remoteHost();
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

void MainWindow::updateTitle() {
  const QString name =
      projects_->path().isEmpty() ? tr("Untitled") : QFileInfo(projects_->path()).fileName();
  setWindowTitle(QStringLiteral("%1%2 — detbench")
                     .arg(name, projects_->isDirty() ? QStringLiteral("*") : QString()));
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
  p.comparePresets = {QStringLiteral("default"), QStringLiteral("deterministic")};
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

void MainWindow::openRecent(const QString& path) {
  if (!maybeSave()) return;
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

}  // namespace detbench::gui
