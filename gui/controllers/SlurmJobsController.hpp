#pragma once
// The workbench's Slurm jobs window: the batch jobs of a --slurm-batch folder with the scheduler's
// state, the finished ones collected into reports, a job cancelled with scancel
// (core/remote/SlurmJobs). With a login node named, the folder is on that node and the detbench
// there answers for it through ssh (core/remote/LoginNodeJobs); the reports come here. squeue,
// scancel and ssh may take a while on a busy cluster, so each step runs on a worker thread and
// says when it is done; one step at a time.

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "controllers/WorkerThread.hpp"
#include "detbench/remote/SlurmJobs.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::gui {

class SlurmJobsController : public QObject {
  Q_OBJECT

 public:
  explicit SlurmJobsController(QObject* parent = nullptr);
  ~SlurmJobsController() override;

  bool busy() const { return worker_->running(); }
  // Where the folder is: this machine (nullopt), or a cluster's login node.
  void setLoginNode(std::optional<remote::SshTarget> login) { login_ = std::move(login); }
  const std::optional<remote::SshTarget>& loginNode() const { return login_; }
  // The folder last listed, and its batches as listed.
  const QString& folder() const { return folder_; }
  const std::vector<remote::BatchStatus>& batches() const { return batches_; }

  // Lists the batches in `folder`: listed(), or failed() with the reason.
  void refresh(const QString& folder);
  // scancel of job `job` of batch `batch` (indices into batches()), then a new listing.
  void cancelJob(int batch, int job);
  // Every finished job of the listing into `reportsFolder`, one report a job
  // (reportsFolder/KIND-BATCH-NAME.json, as `detbench jobs --collect` names them, written again
  // where it is there); collected() with a line for each job, then a new listing.
  void collect(const QString& reportsFolder);

 signals:
  void listed();
  void collected(const QStringList& lines);
  void cancelled(const QString& line);
  void failed(const QString& message);

 private:
  // What a step gives back: its lines and the folder's listing after it.
  struct StepResult {
    QStringList lines;
    std::vector<remote::BatchStatus> listing;
  };
  // Runs `step` on the worker; back on this thread, listed() and then `done` with its lines.
  void startStep(std::function<StepResult()> step, std::function<void(const QStringList&)> done);

  // Collects through the login node; the reports are written into `into` here.
  static StepResult collectThere(const remote::SshTarget& login, const std::string& dir,
                                 const std::string& into);
  static QString notCollectedLine(const std::string& job, const std::string& batch);
  static QString nothingLine(const std::string& job, const std::string& batch);
  static QString writtenLine(const std::string& job, const std::string& batch,
                             const std::string& path, bool cut);

  WorkerThread* worker_;  // a child: destroyed after the destructor has joined it
  std::optional<remote::SshTarget> login_;
  QString folder_;
  std::vector<remote::BatchStatus> batches_;
};

}  // namespace detbench::gui
