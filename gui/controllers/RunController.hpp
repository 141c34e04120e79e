#pragma once
// Runs trial sets on a worker thread and hands their results to the GUI as signals. Records
// arrive in batches (at most one pending delivery at a time), so a run of tiny trials cannot
// flood the event loop; cancel() takes effect before the next trial starts.

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QVector>
#include <memory>
#include <mutex>
#include <vector>

#include "controllers/WorkerThread.hpp"
#include "detbench/CancelToken.hpp"
#include "detbench/Report.hpp"
#include "detbench/Sweep.hpp"

namespace detbench::gui {

// A single run (no configurations) or a comparison of configurations on the same inputs.
struct RunPlan {
  RunRequest request;
  std::vector<SweepConfig> configurations;  // empty: one run with request.settings
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

 private:
  struct Pending;
  void deliver();
  void work(RunPlan plan);

  std::shared_ptr<const BackendRegistry> registry_;
  WorkerThread* worker_;  // a child: destroyed after the destructor has joined it
  CancelToken cancel_;
  std::shared_ptr<Pending> pending_;
  QElapsedTimer clock_;
  int total_ = 0;
  int done_ = 0;
};

}  // namespace detbench::gui
