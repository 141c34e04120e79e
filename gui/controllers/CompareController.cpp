#include "controllers/CompareController.hpp"

namespace detbench::gui {

CompareController::CompareController(RunController* runner, QObject* parent)
    : QObject(parent), runner_(runner) {
  const auto shown = [this](int index) { return index + static_cast<int>(reused_.size()); };
  connect(runner_, &RunController::trialsRecorded, this,
          [this, shown](int configuration, const QVector<TrialRecord>& records) {
            if (active_) emit trialsRecorded(shown(configuration), records);
          });
  connect(runner_, &RunController::configurationFinished, this,
          [this, shown](int index, const RunResult& result) {
            if (active_) emit configurationFinished(shown(index), result);
          });
  connect(runner_, &RunController::finished, this,
          [this](const ReportDocument& report, bool cancelled) {
            if (!active_) return;
            ReportDocument whole = report;
            whole.runs.insert(whole.runs.begin(), reused_.begin(), reused_.end());
            emit finished(whole, cancelled);
          });
}

void CompareController::start(const RunPlan& plan, std::vector<RunResult> reused,
                              const Environment& context) {
  active_ = true;
  reused_ = std::move(reused);
  if (!plan.configurations.empty()) {
    runner_->start(plan);
    return;
  }
  ReportDocument report;
  report.kind = ReportKind::Sweep;
  report.context = context;
  report.runs = reused_;
  emit finished(report, false);
}

}  // namespace detbench::gui
