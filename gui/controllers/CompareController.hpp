#pragma once
// A comparison of configurations on one form's inputs: the runs already made on those inputs,
// taken as they are and shown first, then the other configurations, run by the RunController.
// Its records and results are numbered as the Compare tab shows them (the reused runs first),
// and its report holds every configuration, the reused ones included.

#include <QObject>
#include <QVector>
#include <vector>

#include "controllers/RunController.hpp"

namespace detbench::gui {

class CompareController : public QObject {
  Q_OBJECT

 public:
  CompareController(RunController* runner, QObject* parent = nullptr);

  // Whether the RunController's last run, or the one in progress, is this comparison's (until
  // the next run or comparison starts: the window routes the runner's records by it).
  bool active() const { return active_; }
  // Starts the comparison of `plan` after `reused`. With no configuration left to run it ends at
  // once: finished() with the reused runs and `context`.
  void start(const RunPlan& plan, std::vector<RunResult> reused, const Environment& context);
  // A plain run starts: the runner's records are no longer this comparison's.
  void release() { active_ = false; }

 signals:
  void trialsRecorded(int shown, const QVector<detbench::TrialRecord>& records);
  void configurationFinished(int shown, const detbench::RunResult& result);
  void finished(const detbench::ReportDocument& report, bool cancelled);

 private:
  RunController* runner_;
  bool active_ = false;
  std::vector<RunResult> reused_;
};

}  // namespace detbench::gui
