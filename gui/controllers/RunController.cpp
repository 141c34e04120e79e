#include "controllers/RunController.hpp"

#include "detbench/Error.hpp"

namespace detbench::gui {

// The records the worker hands over; guarded by `mutex`. The worker posts a delivery only when
// none is pending, so a run of tiny trials cannot flood the event loop.
struct RunController::Pending {
  std::mutex mutex;
  QVector<TrialRecord> records;
  QVector<int> configurationOf;  // one per record
  bool scheduled = false;
};

RunController::RunController(std::shared_ptr<const BackendRegistry> registry, QObject* parent)
    : QObject(parent), registry_(std::move(registry)), worker_(new WorkerThread(this)) {}

RunController::~RunController() {
  cancel_.cancel();
  worker_->join();
}

void RunController::start(const RunPlan& plan) {
  if (worker_->running()) {
    emit failed(tr("A run is already in progress."));
    return;
  }
  try {
    validateRequest(plan.request);
  } catch (const Error& e) {
    emit failed(QString::fromStdString(e.message()));
    return;
  }
  cancel_.reset();
  pending_ = std::make_shared<Pending>();
  const int configs =
      plan.configurations.empty() ? 1 : static_cast<int>(plan.configurations.size());
  total_ = configs * plan.request.trials;
  done_ = 0;
  clock_.start();
  emit started(configs, plan.request.trials);
  worker_->start("detbench-run", [this, plan] { work(plan); });
}

void RunController::cancel() {
  cancel_.cancel();
}

void RunController::deliver() {
  if (!pending_) return;
  QVector<TrialRecord> records;
  QVector<int> configurationOf;
  {
    std::lock_guard lock(pending_->mutex);
    records.swap(pending_->records);
    configurationOf.swap(pending_->configurationOf);
    pending_->scheduled = false;
  }
  if (records.isEmpty()) return;
  done_ += static_cast<int>(records.size());
  // One signal per configuration the batch spans (a batch can straddle two).
  qsizetype begin = 0;
  for (qsizetype i = 1; i <= records.size(); ++i) {
    if (i == records.size() || configurationOf[i] != configurationOf[begin]) {
      emit trialsRecorded(configurationOf[begin], records.mid(begin, i - begin));
      begin = i;
    }
  }
  const double seconds = static_cast<double>(clock_.nsecsElapsed()) / 1e9;
  emit progress(done_, total_, seconds > 0 ? done_ / seconds : 0.0);
}

void RunController::work(RunPlan plan) {
  auto pending = pending_;
  auto post = [this](std::function<void()> fn) { worker_->post(std::move(fn)); };
  try {
    const TrialRunner runner(*registry_);
    const PreparedInputs prepared =
        runner.prepare(plan.request, std::max(1, static_cast<int>(plan.configurations.size())));
    std::vector<SweepConfig> configs = plan.configurations;
    const bool single = configs.empty();
    if (single) configs.push_back({plan.request.label, plan.request.settings});
    auto report = std::make_shared<ReportDocument>();
    report->kind = single ? ReportKind::Run : ReportKind::Sweep;
    for (std::size_t c = 0; c < configs.size(); ++c) {
      if (cancel_.cancelled()) break;
      const int index = static_cast<int>(c);
      const QString name = QString::fromStdString(configs[c].name);
      post([this, index, name] { emit configurationStarted(index, name); });
      RunRequest request = plan.request;
      request.settings = configs[c].settings;
      request.label = configs[c].name;
      RunCallbacks callbacks;
      callbacks.onTrial = [this, pending, index](const TrialRecord& record, int, int) {
        bool schedule = false;
        {
          std::lock_guard lock(pending->mutex);
          pending->records.push_back(record);
          pending->configurationOf.push_back(index);
          schedule = !pending->scheduled;
          pending->scheduled = true;
        }
        if (schedule) worker_->post([this] { deliver(); });
      };
      RunResult result = runner.run(request, prepared, callbacks, &cancel_);
      post([this] { deliver(); });
      auto shared = std::make_shared<RunResult>(std::move(result));
      post([this, index, shared] { emit configurationFinished(index, *shared); });
      report->runs.push_back(*shared);
    }
    report->context = collectEnvironment(*registry_);
    const bool cancelled = cancel_.cancelled();
    post([this, report, cancelled] {
      deliver();
      worker_->join();
      emit finished(*report, cancelled);
    });
  } catch (const std::exception& e) {
    // detbench::Error's what() is its message; other exceptions say what they can.
    const QString message = QString::fromUtf8(e.what());
    post([this, message] {
      worker_->join();
      emit failed(message);
    });
  }
}

}  // namespace detbench::gui
