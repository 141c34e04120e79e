#include "widgets/SlurmJobsDialog.hpp"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "common/SlurmBatchText.hpp"
#include "common/SlurmStateText.hpp"
#include "common/Text.hpp"
#include "controllers/RemoteHost.hpp"
#include "detbench/base/Error.hpp"

namespace detbench::gui {

namespace {

const char* const kFolderKey = "slurm/batchFolder";
const char* const kLoginKey = "slurm/loginNode";
const char* const kReportsKey = "slurm/reportsFolder";
constexpr int kBatchRole = Qt::UserRole;
constexpr int kJobRole = Qt::UserRole + 1;

}  // namespace

QString SlurmJobsDialog::taskState(const remote::BatchTaskStatus& t) {
  if (t.slurm) return SlurmStateText::stateAndReason(*t.slurm);
  if (t.complete) return tr("completed");
  return t.answered ? tr("ended without its report") : tr("gone (no answers)");
}

SlurmJobsDialog::SlurmJobsDialog(QWidget* parent)
    : QDialog(parent),
      jobs_(new SlurmJobsController(this)),
      intro_(new QLabel(this)),
      loginLabel_(new QLabel(this)),
      login_(new QLineEdit(this)),
      folderLabel_(new QLabel(this)),
      folder_(new QLineEdit(this)),
      reportsLabel_(new QLabel(this)),
      reports_(new QLineEdit(this)),
      browse_(new QPushButton(this)),
      refresh_(new QPushButton(this)),
      tree_(new QTreeWidget(this)),
      cancelJob_(new QPushButton(this)),
      collect_(new QPushButton(this)),
      close_(new QPushButton(this)),
      status_(new QLabel(this)) {
  setObjectName(QStringLiteral("slurmJobsDialog"));
  intro_->setWordWrap(true);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  login_->setObjectName(QStringLiteral("slurmLoginNode"));
  reports_->setObjectName(QStringLiteral("slurmReportsFolder"));
  QSettings settings;
  folder_->setText(settings.value(QLatin1String(kFolderKey)).toString());
  // The login node: as last named here, else the Slurm cluster's of the remote host settings.
  const RemoteHost host = RemoteHost::load();
  const QString hostLogin = host.slurm ? qstr(host.target.destination) : QString();
  login_->setText(settings.value(QLatin1String(kLoginKey), hostLogin).toString());
  reports_->setText(settings
                        .value(QLatin1String(kReportsKey),
                               QDir::home().filePath(QStringLiteral("detbench-reports")))
                        .toString());
  tree_->setColumnCount(3);
  tree_->setRootIsDecorated(true);
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  tree_->header()->setStretchLastSection(true);

  auto* form = new QGridLayout;
  form->addWidget(loginLabel_, 0, 0);
  form->addWidget(login_, 0, 1, 1, 3);
  form->addWidget(folderLabel_, 1, 0);
  form->addWidget(folder_, 1, 1);
  form->addWidget(browse_, 1, 2);
  form->addWidget(refresh_, 1, 3);
  form->addWidget(reportsLabel_, 2, 0);
  form->addWidget(reports_, 2, 1, 1, 3);
  form->setColumnStretch(1, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(cancelJob_);
  buttons->addWidget(collect_);
  buttons->addStretch(1);
  buttons->addWidget(close_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro_);
  layout->addLayout(form);
  layout->addWidget(tree_, 1);
  layout->addWidget(status_);
  layout->addLayout(buttons);
  resize(760, 460);

  connect(browse_, &QPushButton::clicked, this, [this] {
    const QString chosen =
        QFileDialog::getExistingDirectory(this, tr("The --slurm-batch folder"), folder_->text());
    if (!chosen.isEmpty()) showFolder(chosen);
  });
  connect(refresh_, &QPushButton::clicked, this, [this] { showFolder(folder_->text()); });
  connect(folder_, &QLineEdit::returnPressed, this, [this] { showFolder(folder_->text()); });
  connect(login_, &QLineEdit::returnPressed, this, [this] { showFolder(folder_->text()); });
  connect(login_, &QLineEdit::textChanged, this, [this] { showLoginMode(); });
  connect(tree_, &QTreeWidget::currentItemChanged, this, [this] { updateButtons(); });
  connect(cancelJob_, &QPushButton::clicked, this, [this] {
    const QTreeWidgetItem* item = tree_->currentItem();
    if (item == nullptr || !item->data(0, kJobRole).isValid()) return;
    setBusy(true);
    status_->setText(tr("Asking scancel…"));
    jobs_->cancelJob(item->data(0, kBatchRole).toInt(), item->data(0, kJobRole).toInt());
  });
  connect(collect_, &QPushButton::clicked, this, [this] {
    QString into = QDir(jobs_->folder()).filePath(QStringLiteral("reports"));
    if (jobs_->loginNode()) {
      into = reports_->text().trimmed();
      if (into.isEmpty()) {
        status_->setText(tr("Name the folder here that the collected reports go to."));
        return;
      }
      QSettings().setValue(QLatin1String(kReportsKey), into);
    }
    setBusy(true);
    status_->setText(tr("Collecting the finished jobs' reports…"));
    jobs_->collect(into);
  });
  connect(close_, &QPushButton::clicked, this, &QDialog::close);
  connect(jobs_, &SlurmJobsController::listed, this, [this] {
    fill();
    setBusy(false);
  });
  connect(jobs_, &SlurmJobsController::failed, this, [this](const QString& message) {
    tree_->clear();
    setBusy(false);
    status_->setText(message);
  });
  connect(jobs_, &SlurmJobsController::cancelled, this,
          [this](const QString& line) { report({line}); });
  connect(jobs_, &SlurmJobsController::collected, this,
          [this](const QStringList& lines) { report(lines); });
  retranslate();
  showLoginMode();
  updateButtons();
}

void SlurmJobsDialog::showFolder(const QString& folder) {
  const QString trimmed = folder.trimmed();
  if (trimmed.isEmpty()) {
    status_->setText(tr("Name the folder given to --slurm-batch."));
    return;
  }
  folder_->setText(trimmed);
  QSettings().setValue(QLatin1String(kFolderKey), trimmed);
  const QString login = login_->text().trimmed();
  QSettings().setValue(QLatin1String(kLoginKey), login);
  if (login.isEmpty()) {
    jobs_->setLoginNode(std::nullopt);
  } else {
    remote::SshTarget target = RemoteHost::load().sshTo(stdstr(login));
    try {
      remote::checkSshTarget(target);
    } catch (const Error& e) {
      status_->setText(qstr(e.message()));
      return;
    }
    jobs_->setLoginNode(std::move(target));
  }
  setBusy(true);
  status_->setText(tr("Asking Slurm for the jobs' states…"));
  jobs_->refresh(trimmed);
}

void SlurmJobsDialog::refreshShown() {
  if (!folder_->text().trimmed().isEmpty() && !jobs_->busy()) showFolder(folder_->text());
}

void SlurmJobsDialog::report(const QStringList& lines) {
  status_->setText(summary_ + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
}

void SlurmJobsDialog::fill() {
  tree_->clear();
  int finished = 0, live = 0;
  const auto& batches = jobs_->batches();
  for (int b = 0; b < static_cast<int>(batches.size()); ++b) {
    const remote::BatchStatus& batch = batches[b];
    auto* top = new QTreeWidgetItem(tree_);
    top->setText(0, qstr(batch.name));
    if (!batch.unreadable.empty()) {
      top->setText(2, qstr(batch.unreadable));
      continue;
    }
    top->setText(2, tr("%1 of %2 on %3")
                        .arg(SlurmBatchText::kind(batch.kind), qstr(batch.op), qstr(batch.device)));
    for (int j = 0; j < static_cast<int>(batch.jobs.size()); ++j) {
      const remote::BatchJobStatus& job = batch.jobs[j];
      auto* jobItem = new QTreeWidgetItem(top);
      jobItem->setText(0, tr("%1: job %2").arg(qstr(job.name), qstr(job.id)));
      jobItem->setData(0, kBatchRole, b);
      jobItem->setData(0, kJobRole, j);
      int done = 0;
      for (const remote::BatchTaskStatus& t : job.tasks) {
        auto* task = new QTreeWidgetItem(jobItem);
        task->setText(0, t.name.empty() ? tr("task %1").arg(t.index)
                                        : tr("task %1: %2").arg(t.index).arg(qstr(t.name)));
        task->setText(1, taskState(t));
        if (t.finished && !t.complete) task->setText(2, qstr(t.why));
        task->setData(0, kBatchRole, b);
        task->setData(0, kJobRole, j);
        done += t.finished ? 1 : 0;
      }
      const int tasks = static_cast<int>(job.tasks.size());
      jobItem->setText(1, tasks == 1 ? taskState(job.tasks.front())
                                     : tr("%1 of %2 tasks finished").arg(done).arg(tasks));
      jobItem->setText(2, SlurmBatchText::target(job));
      (job.finished() ? finished : live) += 1;
    }
  }
  tree_->expandAll();
  summary_ = tr("Jobs queued or running: %1; finished: %2.").arg(live).arg(finished);
  status_->setText(summary_);
  updateButtons();
}

void SlurmJobsDialog::showLoginMode() {
  const bool there = !login_->text().trimmed().isEmpty();
  reportsLabel_->setVisible(there);
  reports_->setVisible(there);
  browse_->setVisible(!there);  // a folder there is not browsed from here
}

void SlurmJobsDialog::setBusy(bool busy) {
  refresh_->setEnabled(!busy);
  browse_->setEnabled(!busy);
  if (busy) {
    cancelJob_->setEnabled(false);
    collect_->setEnabled(false);
  } else {
    updateButtons();
  }
}

void SlurmJobsDialog::updateButtons() {
  if (jobs_->busy()) return;
  const QTreeWidgetItem* item = tree_->currentItem();
  bool live = false;
  if (item != nullptr && item->data(0, kJobRole).isValid()) {
    const auto& batches = jobs_->batches();
    const int b = item->data(0, kBatchRole).toInt(), j = item->data(0, kJobRole).toInt();
    live = b < static_cast<int>(batches.size()) && j < static_cast<int>(batches[b].jobs.size()) &&
           batches[b].jobs[j].live();
  }
  cancelJob_->setEnabled(live);
  bool anyFinished = false;
  for (const auto& batch : jobs_->batches()) {
    for (const auto& job : batch.jobs) anyFinished = anyFinished || job.finished();
  }
  collect_->setEnabled(anyFinished);
}

void SlurmJobsDialog::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDialog::changeEvent(event);
}

void SlurmJobsDialog::retranslate() {
  setWindowTitle(tr("Slurm batch jobs"));
  intro_->setText(
      tr("The jobs that --slurm-batch submitted, with Slurm's state for each task. "
         "Collect writes each finished job's report into the folder's reports/ (through a "
         "login node: into the folder named here), as detbench jobs --collect does; Cancel "
         "job cancels the chosen job with scancel."));
  loginLabel_->setText(tr("Login node:"));
  login_->setPlaceholderText(tr("empty: the folder is on this machine; else user@login-node"));
  login_->setToolTip(
      tr("The cluster's login node: the batch folder is there, and the detbench there answers "
         "through ssh (port, identity and program as in the remote host settings)"));
  reportsLabel_->setText(tr("Reports to:"));
  reports_->setToolTip(tr("The folder on this machine that Collect writes the reports into"));
  folderLabel_->setText(tr("Batch folder:"));
  folder_->setPlaceholderText(tr("the folder given to --slurm-batch"));
  browse_->setText(tr("Browse…"));
  refresh_->setText(tr("Refresh"));
  tree_->setHeaderLabels({tr("Job"), tr("State"), tr("Details")});
  cancelJob_->setText(tr("Cancel job"));
  cancelJob_->setToolTip(tr("scancel the chosen job: every task of it still queued or running"));
  collect_->setText(tr("Collect"));
  close_->setText(tr("Close"));
}

}  // namespace detbench::gui
