#pragma once
// The workbench's Slurm jobs window: the batch jobs of a --slurm-batch folder with the scheduler's
// state, the finished ones collected into reports, a job cancelled with scancel
// (core/remote/SlurmJobs). squeue and scancel may take a while on a busy cluster, so each step
// runs on a worker thread and says when it is done; one step at a time.

#include <QObject>
#include <QString>
#include <QStringList>
#include <vector>

#include "controllers/WorkerThread.hpp"
#include "detbench/remote/SlurmJobs.hpp"

namespace detbench::gui {

class SlurmJobsController : public QObject {
  Q_OBJECT

 public:
  explicit SlurmJobsController(QObject* parent = nullptr);
  ~SlurmJobsController() override;

  bool busy() const { return worker_->running(); }
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
  // Runs `step` on the worker, then lists the folder again there; back on this thread, listed()
  // and then `done` with the step's lines.
  void startStep(std::function<QStringList()> step, std::function<void(const QStringList&)> done);

  WorkerThread* worker_;  // a child: destroyed after the destructor has joined it
  QString folder_;
  std::vector<remote::BatchStatus> batches_;
};

}  // namespace detbench::gui
