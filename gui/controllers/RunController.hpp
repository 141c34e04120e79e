#pragma once
// Runs trial sets on a worker thread and hands their results to the GUI as signals. Records
// arrive in batches (at most one pending delivery at a time), so a run of tiny trials cannot
// flood the event loop; cancel() takes effect before the next trial starts. A run on a remote
// host (a single run or a comparison) is driven from the same worker (connection, login and every
// wait bounded), so the window stays usable; a connection lost mid-run finishes with the trials
// that had arrived.

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QVector>
#include <memory>
#include <mutex>
#include <vector>

#include "controllers/RemotePlan.hpp"
#include "controllers/WorkerThread.hpp"
#include "detbench/remote/RemoteClient.hpp"
#include "detbench/remote/SshTarget.hpp"
#include "detbench/report/Report.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/run/Sweep.hpp"

namespace detbench::gui {

// Host memory one recorded trial costs the workbench, at most: its record, its point in the
// run's plots and series, and its part of the report and of the project that keeps it
// (measured: 2.3 KB a trial whose output repeats, 4.3 KB one whose output differs and carries
// its ULP histogram; docs/REPORT-FORMAT.md, "Limits"). A local run is admitted against what the
// process can have (availableMemoryBytes) at this cost before it starts.
inline constexpr std::int64_t kWorkbenchBytesPerTrial = 6144;

// A single run (no configurations) or a comparison of configurations on the same inputs; either
// may go to a remote host.
struct RunPlan {
  RunRequest request;
  std::vector<SweepConfig> configurations;  // empty: one run with request.settings
  std::optional<RemotePlan> remote;
};

class RunController : public QObject {
  Q_OBJECT

 public:
  explicit RunController(std::shared_ptr<const BackendRegistry> registry,
                         QObject* parent = nullptr);
  ~RunController() override;  // cancels a run in progress and waits for it

  bool isRunning() const { return worker_->running(); }
  const BackendRegistry& registry() const { return *registry_; }

 public slots:
  // Refused (failed() at once) while another run is in progress.
  void start(const detbench::gui::RunPlan& plan);
  void cancel();

 signals:
  void started(int configurations, int trialsPerConfiguration);
  void configurationStarted(int index, const QString& name);
  void trialsRecorded(int configuration, const QVector<detbench::TrialRecord>& records);
  // Trials done over all configurations, trials planned, and trials per second so far.
  void progress(int done, int total, double trialsPerSecond);
  void configurationFinished(int index, const detbench::RunResult& result);
  // The whole report (context included); `cancelled` when cancel() stopped it.
  void finished(const detbench::ReportDocument& report, bool cancelled);
  // The request was refused before any trial ran (bad parameters, no memory, no device).
  void failed(const QString& message);
  // A remote run's Slurm job while it waits: "job 12 pending (Priority: ...)".
  void remoteState(const QString& state);

 private:
  struct Pending;
  void deliver();
  void work(RunPlan plan);
  // The remote branch of work(): the records arrive from the connection.
  std::shared_ptr<ReportDocument> workRemote(const RunPlan& plan);
  void queue(const std::shared_ptr<Pending>& pending, const TrialRecord& record, int configuration);
  // From the worker: the run ended with `e` before its report.
  void postFailure(const std::exception& e);

  std::shared_ptr<const BackendRegistry> registry_;
  WorkerThread* worker_;  // a child: destroyed after the destructor has joined it
  CancelToken cancel_;
  std::shared_ptr<Pending> pending_;
  QElapsedTimer clock_;
  int total_ = 0;
  int done_ = 0;
};

}  // namespace detbench::gui
