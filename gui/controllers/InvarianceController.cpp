#include "controllers/InvarianceController.hpp"

#include "detbench/Error.hpp"
#include "detbench/OpDefinition.hpp"

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
    std::vector<InvarianceOutcome> outcomes;
    const int forms = job.withInvariantForm ? 2 : 1;
    for (int form = 0; form < forms; ++form) {
      if (cancel_.cancelled()) break;
      RunRequest request = job.base;
      if (form == 1) request.params["batch_invariant"] = 1;
      InvarianceCallbacks callbacks;
      const int offset = form * perForm;
      callbacks.onPointFinished = [post, offset, this](int index, const InvariancePoint& p) {
        const QString label = QString::fromStdString(p.label);
        post([this, done = offset + index + 1, label] { emit progress(done, total_, label); });
      };
      InvarianceOutcome outcome;
      outcome.invariantForm = form == 1;
      outcome.result = runInvariance(runner, request, job.plan, callbacks, &cancel_);
      outcomes.push_back(std::move(outcome));
    }
    const bool cancelled = cancel_.cancelled();
    post([this, outcomes = std::move(outcomes), cancelled] {
      worker_->join();
      emit finished(outcomes, cancelled);
    });
  } catch (const Error& e) {
    post([this, message = QString::fromStdString(e.message())] {
      worker_->join();
      emit failed(message);
    });
  } catch (const std::exception& e) {
    post([this, message = QString::fromUtf8(e.what())] {
      worker_->join();
      emit failed(message);
    });
  }
}

}  // namespace detbench::gui
