#include "controllers/InvarianceController.hpp"

#include <algorithm>

#include "detbench/base/Error.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/remote/RemoteClient.hpp"

namespace detbench::gui {

InvarianceController::InvarianceController(std::shared_ptr<const BackendRegistry> registry,
                                           QObject* parent)
    : QObject(parent), registry_(std::move(registry)), worker_(new WorkerThread(this)) {}

InvarianceController::~InvarianceController() {
  cancel_.cancel();
  worker_->join();
}

bool InvarianceController::hasInvariantForm(const std::string& op) {
  const OpDefinition* def = findOpDefinition(op);
  if (def == nullptr) return false;
  for (const auto& p : def->params()) {
    if (p.name == "batch_invariant") return true;
  }
  return false;
}

void InvarianceController::start(const InvarianceJob& job) {
  if (worker_->running()) {
    emit failed(tr("An invariance run is already in progress."));
    return;
  }
  InvarianceJob checked = job;
  int perForm = 0;
  try {
    validateRequest(checked.base);
    validateInvariancePlan(checked.base, checked.plan);
    if (checked.remote) checked.remote->check();
    perForm = invarianceConfigurations(checked.base, checked.plan);
  } catch (const Error& e) {
    emit failed(QString::fromStdString(e.message()));
    return;
  }
  checked.withInvariantForm = job.withInvariantForm && job.plan.axis == InvarianceAxis::Batches &&
                              hasInvariantForm(job.base.op);
  if (checked.withInvariantForm) checked.base.params["batch_invariant"] = 0;
  cancel_.reset();
  total_ = perForm * (checked.withInvariantForm ? 2 : 1);
  emit started(total_);
  worker_->start("detbench-invar", [this, checked, perForm] { work(checked, perForm); });
}

void InvarianceController::cancel() {
  cancel_.cancel();
}

void InvarianceController::work(InvarianceJob job, int perForm) {
  auto post = [this](std::function<void()> fn) { worker_->post(std::move(fn)); };
  try {
    const TrialRunner runner(*registry_);
    // One session for both forms of a remote run.
    std::unique_ptr<remote::RemoteClient> client;
    if (job.remote) {
      client = std::make_unique<remote::RemoteClient>(job.remote->connect(), job.remote->where(),
                                                      job.remote->timeouts, &cancel_);
    }
    std::vector<InvarianceOutcome> outcomes;
    const int forms = job.withInvariantForm ? 2 : 1;
    for (int form = 0; form < forms; ++form) {
      if (cancel_.cancelled()) break;
      RunRequest request = job.base;
      if (form == 1) request.params["batch_invariant"] = 1;
      const int offset = form * perForm;
      const auto pointFinished = [post, offset, this](int index, const std::string& label) {
        post([this, done = offset + index + 1, label = QString::fromStdString(label)] {
          emit progress(done, total_, label);
        });
      };
      InvarianceOutcome outcome;
      outcome.invariantForm = form == 1;
      if (client) {
        // The label comes with the start of each configuration; its end counts it done.
        auto labels = std::make_shared<std::vector<std::string>>();
        remote::RemoteRunCallbacks callbacks;
        callbacks.onConfigurationStarted = [labels](int index, const std::string& label) {
          if (index < 0) return;
          if (labels->size() <= static_cast<std::size_t>(index)) {
            labels->resize(static_cast<std::size_t>(index) + 1);
          }
          (*labels)[static_cast<std::size_t>(index)] = label;
        };
        callbacks.onConfigurationFinished = [labels, pointFinished](int index, const RunResult&) {
          const auto i = static_cast<std::size_t>(index);
          pointFinished(index, i < labels->size() ? (*labels)[i] : std::string());
        };
        InvarianceDocument doc = client->invariance(request, job.plan, callbacks, &cancel_);
        outcome.result = std::move(doc.result);
        outcome.remoteContext = std::move(doc.context);
        outcome.reachedThrough = job.remote->label();
      } else {
        InvarianceCallbacks callbacks;
        callbacks.onPointFinished = [pointFinished](int index, const InvariancePoint& p) {
          pointFinished(index, p.label);
        };
        outcome.result = runInvariance(runner, request, job.plan, callbacks, &cancel_);
      }
      const bool incomplete = outcome.result.cancelled;
      outcomes.push_back(std::move(outcome));
      if (incomplete) break;  // cancelled, or the connection was lost
    }
    // Cancelled here, or ended early there (a lost connection, a silent host).
    const bool cancelled = cancel_.cancelled() || std::any_of(outcomes.begin(), outcomes.end(),
                                                              [](const InvarianceOutcome& o) {
                                                                return o.result.cancelled;
                                                              });
    post([this, outcomes = std::move(outcomes), cancelled] {
      worker_->join();
      emit finished(outcomes, cancelled);
    });
  } catch (const std::exception& e) {
    worker_->postFailure(e, [this](const QString& message) { emit failed(message); });
  }
}

}  // namespace detbench::gui
