#pragma once
// Runs a teaching scenario on a worker thread; the outcome is handed to the GUI thread when the
// scenario has finished (or been cancelled).

#include <QObject>
#include <QString>
#include <memory>

#include "controllers/WorkerThread.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "detbench/run/CancelToken.hpp"

namespace detbench::gui {

class DemoController : public QObject {
  Q_OBJECT

 public:
  explicit DemoController(std::shared_ptr<const BackendRegistry> registry,
                          QObject* parent = nullptr);
  ~DemoController() override;  // cancels a scenario in progress and waits for it

  bool isRunning() const { return worker_->running(); }
  // The last finished scenario and its outcome (null before the first).
  const demo::Scenario* scenario() const { return scenario_; }
  std::shared_ptr<const demo::ScenarioOutcome> outcome() const { return outcome_; }

 public slots:
  // Ends in finished() or failed(); failed() at once while a scenario is running, or for none.
  void start(const detbench::demo::Scenario* scenario);
  void cancel();

 signals:
  void started();
  void progress(const QString& what, int done, int total);
  void finished();
  void failed(const QString& message);

 private:
  std::shared_ptr<const BackendRegistry> registry_;
  WorkerThread* worker_;  // a child: destroyed after the destructor has joined it
  CancelToken cancel_;
  const demo::Scenario* scenario_ = nullptr;
  std::shared_ptr<const demo::ScenarioOutcome> outcome_;
};

}  // namespace detbench::gui
