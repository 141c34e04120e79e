#include "controllers/DemoController.hpp"

#include "detbench/base/Error.hpp"

namespace detbench::gui {

DemoController::DemoController(std::shared_ptr<const BackendRegistry> registry, QObject* parent)
    : QObject(parent), registry_(std::move(registry)), worker_(new WorkerThread(this)) {}

DemoController::~DemoController() {
  cancel_.cancel();
  worker_->join();
}

void DemoController::start(const demo::Scenario* scenario) {
  if (worker_->running()) {
    emit failed(tr("A demo is already running."));
    return;
  }
  if (scenario == nullptr) {
    emit failed(tr("No demo is chosen."));
    return;
  }
  cancel_.reset();
  emit started();
  worker_->start("detbench-demo", [this, scenario] {
    auto outcome = std::make_shared<demo::ScenarioOutcome>();
    try {
      *outcome = demo::runScenario(
          *scenario, *registry_,
          [this](const std::string& what, int done, int total) {
            worker_->post([this, w = QString::fromStdString(what), done, total] {
              emit progress(w, done, total);
            });
          },
          &cancel_);
    } catch (const std::exception& e) {
      worker_->postFailure(e, [this](const QString& message) { emit failed(message); });
      return;
    }
    worker_->post([this, scenario, outcome] {
      worker_->join();
      scenario_ = scenario;
      outcome_ = outcome;
      emit finished();
    });
  });
}

void DemoController::cancel() {
  cancel_.cancel();
}

}  // namespace detbench::gui
