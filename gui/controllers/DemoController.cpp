#include "controllers/DemoController.hpp"

#include <QThread>

#include "detbench/Error.hpp"

namespace detbench::gui {

DemoController::DemoController(std::shared_ptr<const BackendRegistry> registry, QObject* parent)
    : QObject(parent), registry_(std::move(registry)) {}

DemoController::~DemoController() {
  if (thread_) {
    cancel_.cancel();
    joinWorker();
  }
}

void DemoController::start(const demo::Scenario* scenario) {
  if (thread_ || scenario == nullptr) return;
  cancel_.reset();
  emit started();
  thread_ = QThread::create([this, scenario] {
    auto outcome = std::make_shared<demo::ScenarioOutcome>();
    QString error;
    try {
      *outcome = demo::runScenario(
          *scenario, *registry_,
          [this](const std::string& what, int done, int total) {
            QMetaObject::invokeMethod(
                this,
                [this, w = QString::fromStdString(what), done, total] {
                  emit progress(w, done, total);
                },
                Qt::QueuedConnection);
          },
          &cancel_);
    } catch (const Error& e) {
      error = QString::fromStdString(e.message());
    }
    QMetaObject::invokeMethod(
        this,
        [this, scenario, outcome, error] {
          joinWorker();
          if (!error.isEmpty()) {
            emit failed(error);
            return;
          }
          scenario_ = scenario;
          outcome_ = outcome;
          emit finished();
        },
        Qt::QueuedConnection);
  });
  thread_->setObjectName(QStringLiteral("detbench-demo"));
  thread_->start();
}

void DemoController::cancel() {
  cancel_.cancel();
}

void DemoController::joinWorker() {
  if (!thread_) return;
  thread_->wait();
  delete thread_;
  thread_ = nullptr;
}

}  // namespace detbench::gui
