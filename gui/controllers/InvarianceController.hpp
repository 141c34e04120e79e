#pragma once
// Runs invariance runs (batch sizes, thread counts, devices) on a worker thread. On the batches
// axis it can run the op twice, in its default form and with batch_invariant = 1, so the two
// are seen side by side. Progress comes per configuration; cancel() takes effect before the
// next trial. With a remote host the runs go there (one ssh session for both forms), from the
// same worker, every wait bounded.

#include <QObject>
#include <QString>
#include <vector>

#include "controllers/RunController.hpp"
#include "controllers/WorkerThread.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/run/Invariance.hpp"

namespace detbench::gui {

struct InvarianceJob {
  RunRequest base;
  InvariancePlan plan;
  // Batches axis, for an op with a batch_invariant parameter: also run it with the parameter
  // at 1 (the base runs with it at 0).
  bool withInvariantForm = false;
  std::optional<RemotePlan> remote;  // run on another machine
};

// One form's invariance result.
struct InvarianceOutcome {
  bool invariantForm = false;  // batch_invariant = 1
  InvarianceResult result;
  // A remote run: that machine's environment, and how it was reached ("ssh me@gpu-box").
  std::optional<Environment> remoteContext;
  std::string reachedThrough;
};

class InvarianceController : public QObject {
  Q_OBJECT

 public:
  explicit InvarianceController(std::shared_ptr<const BackendRegistry> registry,
                                QObject* parent = nullptr);
  ~InvarianceController() override;  // cancels a run in progress and waits for it

  bool isRunning() const { return worker_->running(); }
  // True when `op` has a batch_invariant parameter.
  static bool hasInvariantForm(const std::string& op);

 public slots:
  // Checks the job on the calling thread (failed() at once for a bad one), then runs it.
  void start(const detbench::gui::InvarianceJob& job);
  void cancel();

 signals:
  void started(int configurations);  // over every form
  // A configuration is done: how many so far, and its label.
  void progress(int done, int total, const QString& label);
  void finished(const std::vector<detbench::gui::InvarianceOutcome>& outcomes, bool cancelled);
  void failed(const QString& message);

 private:
  void work(InvarianceJob job, int perForm);

  std::shared_ptr<const BackendRegistry> registry_;
  WorkerThread* worker_;
  CancelToken cancel_;
  int total_ = 0;
};

}  // namespace detbench::gui
