#include "controllers/SlurmJobsController.hpp"

#include <filesystem>
#include <memory>

#include "common/Text.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench::gui {

SlurmJobsController::SlurmJobsController(QObject* parent)
    : QObject(parent), worker_(new WorkerThread(this)) {}

SlurmJobsController::~SlurmJobsController() {
  worker_->join();
}

void SlurmJobsController::startStep(std::function<QStringList()> step,
                                    std::function<void(const QStringList&)> done) {
  if (worker_->running()) {
    emit failed(tr("The jobs are still being asked of Slurm; try again in a moment."));
    return;
  }
  const std::string folder = folder_.toStdString();
  worker_->start("detbench-jobs", [this, folder, step = std::move(step), done = std::move(done)] {
    auto lines = std::make_shared<QStringList>();
    auto listing = std::make_shared<std::vector<remote::BatchStatus>>();
    try {
      if (step) *lines = step();
      *listing = remote::listBatches(folder);
    } catch (const std::exception& e) {
      worker_->postFailure(e, [this](const QString& message) {
        batches_.clear();
        emit failed(message);
      });
      return;
    }
    worker_->post([this, lines, listing, done] {
      worker_->join();
      batches_ = std::move(*listing);
      emit listed();
      if (done) done(*lines);
    });
  });
}

void SlurmJobsController::refresh(const QString& folder) {
  if (worker_->running()) {
    emit failed(tr("The jobs are still being asked of Slurm; try again in a moment."));
    return;
  }
  folder_ = folder;
  startStep(nullptr, nullptr);
}

void SlurmJobsController::cancelJob(int batch, int job) {
  if (batch < 0 || batch >= static_cast<int>(batches_.size()) || job < 0 ||
      job >= static_cast<int>(batches_[batch].jobs.size())) {
    return;
  }
  const remote::BatchJobStatus target = batches_[batch].jobs[job];
  startStep(
      [target] {
        const remote::CommandResult r = remote::cancelBatchJob(target);
        if (r.exitCode == 0) {
          return QStringList{tr("Job %1 (%2) cancelled.").arg(qstr(target.id), qstr(target.name))};
        }
        const std::string why = !r.errors.empty() ? r.errors : r.output;
        return QStringList{
            tr("scancel of job %1 failed: %2").arg(qstr(target.id), qstr(why).trimmed())};
      },
      [this](const QStringList& lines) { emit cancelled(lines.value(0)); });
}

void SlurmJobsController::collect(const QString& reportsFolder) {
  const std::vector<remote::BatchStatus> batches = batches_;
  const std::string into = reportsFolder.toStdString();
  startStep(
      [batches, into] {
        QStringList lines;
        std::filesystem::create_directories(into);
        for (const remote::BatchStatus& batch : batches) {
          for (const remote::BatchJobStatus& job : batch.jobs) {
            if (!job.finished()) {
              lines << tr("%1 of %2: not collected, tasks are still queued or running")
                           .arg(qstr(job.name), qstr(batch.name));
              continue;
            }
            remote::CollectedJob c = remote::collectBatchJob(batch, job);
            for (const std::string& e : c.taskErrors) {
              lines << tr("%1 of %2, %3").arg(qstr(job.name), qstr(batch.name), qstr(e));
            }
            if (c.report.runs.empty()) {
              lines << tr("%1 of %2: nothing to collect").arg(qstr(job.name), qstr(batch.name));
              continue;
            }
            c.report.viewer =
                ReportViewer{localHostName(), kToolVersion, job.label + ", batch job " + job.id};
            const std::string path =
                (std::filesystem::path(into) / remote::collectedReportName(batch, job)).string();
            writeFileAtomically(path, reportToJson(c.report).dump(2) + "\n");
            lines << (c.cut ? tr("%1 of %2: %3 (some tasks ended before their report)")
                            : tr("%1 of %2: %3"))
                         .arg(qstr(job.name), qstr(batch.name), qstr(path));
          }
        }
        return lines;
      },
      [this](const QStringList& lines) { emit collected(lines); });
}

}  // namespace detbench::gui
