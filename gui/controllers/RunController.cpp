#include "controllers/RunController.hpp"

#include <algorithm>

#include "common/SlurmStateText.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/run/HostMemory.hpp"

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
  RunPlan admitted = plan;
  const int configs =
      plan.configurations.empty() ? 1 : static_cast<int>(plan.configurations.size());
  try {
    validateRequest(plan.request);
    if (plan.remote) {
      plan.remote->check();  // the remote admits its own memory
    } else {
      // What this process can have, at what a trial costs the workbench, before it starts.
      RunRequest& r = admitted.request;
      r.memoryLimitBytes = std::min(r.memoryLimitBytes, availableMemoryBytes());
      r.bytesPerTrial = kWorkbenchBytesPerTrial;
      admitHostMemory(r, resolveParams(r.op, opDefinition(r.op).params(), r.params), configs);
    }
  } catch (const Error& e) {
    emit failed(QString::fromStdString(e.message()));
    return;
  }
  cancel_.reset();
  pending_ = std::make_shared<Pending>();
  total_ = configs * plan.request.trials;
  done_ = 0;
  clock_.start();
  emit started(configs, plan.request.trials);
  worker_->start("detbench-run", [this, admitted] { work(admitted); });
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

void RunController::queue(const std::shared_ptr<Pending>& pending, const TrialRecord& record,
                          int configuration) {
  bool schedule = false;
  {
    std::lock_guard lock(pending->mutex);
    pending->records.push_back(record);
    pending->configurationOf.push_back(configuration);
    schedule = !pending->scheduled;
    pending->scheduled = true;
  }
  if (schedule) worker_->post([this] { deliver(); });
}

std::shared_ptr<ReportDocument> RunController::workRemote(const RunPlan& plan) {
  const RemotePlan& where = *plan.remote;
  auto connection = where.connect([this](const remote::SlurmJobState& state) {
    worker_->post([this, state] { emit remoteState(SlurmStateText::job(state)); });
  });
  remote::RemoteClient client(std::move(connection), where.where(), where.timeouts, &cancel_);
  auto pending = pending_;
  // The configuration running now (a comparison), for the trial records; this thread only.
  int current = 0;
  remote::RemoteRunCallbacks callbacks;
  callbacks.onTrial = [this, pending, &current](const TrialRecord& record, int, int) {
    queue(pending, record, current);
  };
  callbacks.onConfigurationStarted = [this, &current](int index, const std::string& name) {
    current = index;
    worker_->post([this, index, name = QString::fromStdString(name)] {
      emit configurationStarted(index, name);
    });
  };
  callbacks.onConfigurationFinished = [this](int index, const RunResult& result) {
    worker_->post([this] { deliver(); });
    worker_->post([this, index, shared = std::make_shared<RunResult>(result)] {
      emit configurationFinished(index, *shared);
    });
  };
  auto report = std::make_shared<ReportDocument>(
      plan.configurations.empty()
          ? client.run(plan.request, callbacks, &cancel_)
          : client.sweep(plan.request, plan.configurations, callbacks, &cancel_));
  report->viewer = ReportViewer{where.viewerHost, kToolVersion, where.label()};
  return report;
}

void RunController::work(RunPlan plan) {
  auto pending = pending_;
  auto post = [this](std::function<void()> fn) { worker_->post(std::move(fn)); };
  if (plan.remote) {
    try {
      auto report = workRemote(plan);
      DETBENCH_CHECK_ARG(!report->runs.empty(),
                         plan.remote->where() + " sent a report without its run");
      const bool single = plan.configurations.empty();
      const bool cancelled = std::any_of(report->runs.begin(), report->runs.end(),
                                         [](const RunResult& r) { return r.cancelled; });
      post([this, report, cancelled, single] {
        deliver();
        worker_->join();
        // A comparison's configurations were announced as they finished.
        if (single) emit configurationFinished(0, report->runs.front());
        emit finished(*report, cancelled);
      });
    } catch (const std::exception& e) {
      postFailure(e);
    }
    return;
  }
  try {
    std::vector<SweepConfig> configs = plan.configurations;
    const bool single = configs.empty();
    if (single) configs.push_back({plan.request.label, plan.request.settings});
    // The configuration running now, for the trial records (read and written on this thread).
    int current = 0;
    SweepCallbacks callbacks;
    callbacks.onConfigurationStarted = [&](int index, const SweepConfig& config) {
      current = index;
      post([this, index, name = QString::fromStdString(config.name)] {
        emit configurationStarted(index, name);
      });
    };
    callbacks.trial.onTrial = [this, pending, &current](const TrialRecord& record, int, int) {
      queue(pending, record, current);
    };
    callbacks.onConfigurationFinished = [&](int index, const RunResult& result) {
      post([this] { deliver(); });
      post([this, index, shared = std::make_shared<RunResult>(result)] {
        emit configurationFinished(index, *shared);
      });
    };
    auto report = std::make_shared<ReportDocument>();
    report->kind = single ? ReportKind::Run : ReportKind::Sweep;
    SweepResult sweep =
        runSweep(TrialRunner(*registry_), plan.request, configs, callbacks, &cancel_);
    report->runs = std::move(sweep.runs);
    report->context = collectEnvironment(*registry_);
    post([this, report, cancelled = sweep.cancelled] {
      deliver();
      worker_->join();
      emit finished(*report, cancelled);
    });
  } catch (const std::exception& e) {
    postFailure(e);
  }
}

void RunController::postFailure(const std::exception& e) {
  worker_->postFailure(e, [this](const QString& message) { emit failed(message); });
}

}  // namespace detbench::gui
