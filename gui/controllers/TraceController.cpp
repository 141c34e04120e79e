#include "controllers/TraceController.hpp"

#include <chrono>
#include <filesystem>

#include "detbench/base/Error.hpp"

namespace detbench::gui {

TraceController::TraceController(std::shared_ptr<const BackendRegistry> registry, QObject* parent)
    : QObject(parent), registry_(std::move(registry)), worker_(new WorkerThread(this)) {}

TraceController::~TraceController() {
  cancel_.cancel();
  worker_->join();
}

void TraceController::start(const TraceJob& job) {
  if (worker_->running()) {
    emit failed(tr("A trace is already in progress."));
    return;
  }
  if (job.plan.configs.empty() || job.plan.runs < 1) {
    emit failed(tr("Nothing to trace: choose at least one configuration and one run."));
    return;
  }
  cancel_.reset();
  worker_->start("detbench-trace", [this, job] { work(job); });
}

void TraceController::cancel() {
  cancel_.cancel();
}

void TraceController::work(TraceJob job) {
  auto post = [this](std::function<void()> fn) { worker_->post(std::move(fn)); };
  try {
    const trace::PythonCheck python = trace::checkPython(job.plan.command, job.plan.workingDir);
    const int runs = static_cast<int>(job.plan.configs.size()) * job.plan.runs;
    post([this, py = QString::fromStdString(python.python),
          torch = QString::fromStdString(python.torch), runs] { emit started(py, torch, runs); });
    trace::TraceCallbacks callbacks;
    callbacks.onRunStarted = [post, this](int config, int run, bool second) {
      post([this, config, run, second] { emit runStarted(config, run, second); });
    };
    callbacks.onProgress = [post, this](std::int64_t ops) {
      post([this, ops] { emit progress(static_cast<qint64>(ops)); });
    };
    callbacks.onConfigFinished = [post, this](int config, const trace::TraceConfigResult& r) {
      post([this, config, r] { emit configFinished(config, r); });
    };
    trace::TraceDocument doc;
    doc.command = job.plan.command;
    doc.workingDir = job.plan.workingDir.empty()
                         ? std::filesystem::current_path().string()
                         : std::filesystem::absolute(job.plan.workingDir).string();
    doc.runs = job.plan.runs;
    doc.window = job.plan.window;
    doc.timeoutSeconds = std::chrono::duration_cast<std::chrono::seconds>(job.plan.timeout).count();
    doc.release = trace::traceRelease(job.release, python);
    doc.result = trace::runTrace(job.plan, python, callbacks, &cancel_);
    doc.context = collectEnvironment(*registry_);
    const bool cancelled = doc.result.cancelled;
    post([this, doc = std::move(doc), cancelled] {
      worker_->join();
      emit finished(doc, cancelled);
    });
  } catch (const std::exception& e) {
    worker_->postFailure(e, [this](const QString& message) { emit failed(message); });
  }
}

}  // namespace detbench::gui
