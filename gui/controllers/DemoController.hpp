#pragma once
// Runs a teaching scenario on a worker thread; the outcome is handed to the GUI thread when the
// scenario has finished (or been cancelled).

#include <QObject>
#include <QString>
#include <memory>

#include "detbench/CancelToken.hpp"
#include "detbench/demo/ScenarioRunner.hpp"

class QThread;

namespace detbench::gui {

class DemoController : public QObject {
  Q_OBJECT

 public:
  explicit DemoController(std::shared_ptr<const BackendRegistry> registry,
                          QObject* parent = nullptr);
  ~DemoController() override;  // cancels a scenario in progress and waits for it

  bool isRunning() const { return thread_ != nullptr; }
  // The last finished scenario and its outcome (null before the first).
  const demo::Scenario* scenario() const { return scenario_; }
  std::shared_ptr<const demo::ScenarioOutcome> outcome() const { return outcome_; }

 public slots:
  // Ignored while a scenario is running.
  void start(const detbench::demo::Scenario* scenario);
  void cancel();

 signals:
  void started();
  void progress(const QString& what, int done, int total);
  void finished();
  void failed(const QString& message);

 private:
  void joinWorker();

  std::shared_ptr<const BackendRegistry> registry_;
  QThread* thread_ = nullptr;
  CancelToken cancel_;
  const demo::Scenario* scenario_ = nullptr;
  std::shared_ptr<const demo::ScenarioOutcome> outcome_;
};

}  // namespace detbench::gui
