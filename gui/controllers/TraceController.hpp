#pragma once
// Runs `detbench trace` on a worker thread: the script checked (its interpreter asked), each
// configuration's runs traced and aligned, the second pass, as the command line does. Progress
// comes per run and every thousand ops or so; cancel() stops the script's processes (what came
// is kept, and finished() says cancelled).

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

#include "controllers/WorkerThread.hpp"
#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::gui {

struct TraceJob {
  trace::TracePlan plan;
  std::optional<PyTorchRelease> release;  // the catalog release; unset: the traced PyTorch's
};

class TraceController : public QObject {
  Q_OBJECT

 public:
  explicit TraceController(std::shared_ptr<const BackendRegistry> registry,
                           QObject* parent = nullptr);
  ~TraceController() override;  // cancels a trace in progress and waits for it

  bool isRunning() const { return worker_->running(); }

 public slots:
  void start(const detbench::gui::TraceJob& job);
  void cancel();

 signals:
  // The interpreter answered: Python and PyTorch versions; `runs` in all (first passes).
  void started(const QString& python, const QString& torch, int runs);
  void runStarted(int config, int run, bool secondPass);
  void progress(qint64 ops);
  void configFinished(int config, const detbench::trace::TraceConfigResult& result);
  void finished(const detbench::trace::TraceDocument& document, bool cancelled);
  void failed(const QString& message);

 private:
  void work(TraceJob job);

  std::shared_ptr<const BackendRegistry> registry_;
  WorkerThread* worker_;
  CancelToken cancel_;
};

}  // namespace detbench::gui
