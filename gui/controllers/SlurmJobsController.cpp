#include "controllers/SlurmJobsController.hpp"

#include <filesystem>
#include <memory>

#include "common/Text.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/LoginNodeJobs.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench::gui {

SlurmJobsController::SlurmJobsController(QObject* parent)
    : QObject(parent), worker_(new WorkerThread(this)) {}

SlurmJobsController::~SlurmJobsController() {
  worker_->join();
}

void SlurmJobsController::startStep(std::function<StepResult()> step,
                                    std::function<void(const QStringList&)> done) {
  if (worker_->running()) {
    emit failed(tr("The jobs are still being asked of Slurm; try again in a moment."));
    return;
  }
  worker_->start("detbench-jobs", [this, step = std::move(step), done = std::move(done)] {
    auto result = std::make_shared<StepResult>();
    try {
      *result = step();
    } catch (const std::exception& e) {
      worker_->postFailure(e, [this](const QString& message) {
        batches_.clear();
        emit failed(message);
      });
      return;
    }
    worker_->post([this, result, done] {
      worker_->join();
      batches_ = std::move(result->listing);
      emit listed();
      if (done) done(result->lines);
    });
  });
}

void SlurmJobsController::refresh(const QString& folder) {
  if (worker_->running()) {
    emit failed(tr("The jobs are still being asked of Slurm; try again in a moment."));
    return;
  }
  folder_ = folder;
  const std::string dir = folder_.toStdString();
  const auto login = login_;
  startStep(
      [dir, login] {
        if (login) return StepResult{{}, remote::jobsOnLoginNode(*login, dir, {}).batches};
        return StepResult{{}, remote::listBatches(dir)};
      },
      nullptr);
}

void SlurmJobsController::cancelJob(int batch, int job) {
  if (batch < 0 || batch >= static_cast<int>(batches_.size()) || job < 0 ||
      job >= static_cast<int>(batches_[batch].jobs.size())) {
    return;
  }
  const remote::BatchJobStatus target = batches_[batch].jobs[job];
  const std::string dir = folder_.toStdString();
  const auto login = login_;
  startStep(
      [target, dir, login] {
        const QString failedLine = tr("scancel of job %1 failed: %2");
        const QString doneLine =
            tr("Job %1 (%2) cancelled.").arg(qstr(target.id), qstr(target.name));
        if (login) {
          remote::LoginNodeJobs there =
              remote::jobsOnLoginNode(*login, dir, {"--cancel", "--job", target.id});
          QStringList lines;
          for (const auto& c : there.cancelled) {
            lines << (c.value("ok", false)
                          ? doneLine
                          : failedLine.arg(qstr(target.id),
                                           qstr(c.value("error", std::string())).trimmed()));
          }
          if (lines.isEmpty()) {
            lines << tr("Job %1 (%2) was no longer queued or running.")
                         .arg(qstr(target.id), qstr(target.name));
          }
          return StepResult{lines, std::move(there.batches)};
        }
        const remote::CommandResult r = remote::cancelBatchJob(target);
        const std::string why = !r.errors.empty() ? r.errors : r.output;
        const QString line =
            r.exitCode == 0 ? doneLine : failedLine.arg(qstr(target.id), qstr(why).trimmed());
        return StepResult{{line}, remote::listBatches(dir)};
      },
      [this](const QStringList& lines) { emit cancelled(lines.value(0)); });
}

void SlurmJobsController::collect(const QString& reportsFolder) {
  const std::vector<remote::BatchStatus> batches = batches_;
  const std::string into = reportsFolder.toStdString();
  const std::string dir = folder_.toStdString();
  const auto login = login_;
  startStep(
      [batches, into, dir, login] {
        if (login) return collectThere(*login, dir, into);
        QStringList lines;
        std::filesystem::create_directories(into);
        for (const remote::BatchStatus& batch : batches) {
          for (const remote::BatchJobStatus& job : batch.jobs) {
            if (!job.finished()) {
              lines << notCollectedLine(job.name, batch.name);
              continue;
            }
            remote::CollectedJob c = remote::collectBatchJob(batch, job);
            for (const std::string& e : c.taskErrors) {
              lines << tr("%1 of %2, %3").arg(qstr(job.name), qstr(batch.name), qstr(e));
            }
            if (c.report.runs.empty()) {
              lines << nothingLine(job.name, batch.name);
              continue;
            }
            c.report.viewer =
                ReportViewer{localHostName(), kToolVersion, job.label + ", batch job " + job.id};
            const std::string path =
                (std::filesystem::path(into) / remote::collectedReportName(batch, job)).string();
            writeFileAtomically(path, reportToJson(c.report).dump(2) + "\n");
            lines << writtenLine(job.name, batch.name, path, c.cut);
          }
        }
        return StepResult{lines, remote::listBatches(dir)};
      },
      [this](const QStringList& lines) { emit collected(lines); });
}

SlurmJobsController::StepResult SlurmJobsController::collectThere(const remote::SshTarget& login,
                                                                  const std::string& dir,
                                                                  const std::string& into) {
  remote::LoginNodeJobs there = remote::jobsOnLoginNode(login, dir, {"--collect"});
  QStringList lines;
  std::filesystem::create_directories(into);
  for (const auto& c : there.collected) {
    const std::string job = c.value("job", std::string()), batch = c.value("batch", std::string());
    for (const auto& e : c.value("errors", nlohmann::ordered_json::array())) {
      if (e.is_string()) {
        lines << tr("%1 of %2, %3").arg(qstr(job), qstr(batch), qstr(e.get<std::string>()));
      }
    }
    const std::string how = c.value("collected", std::string());
    if (how == "live") {
      lines << notCollectedLine(job, batch);
      continue;
    }
    const std::string name =
        std::filesystem::path(c.value("file", std::string())).filename().string();
    const bool plain = name.size() > 5 && name.ends_with(".json") && name.front() != '.';
    if (how != "written" || !plain || !c.contains("report") || !c.at("report").is_object()) {
      lines << nothingLine(job, batch);
      continue;
    }
    const std::string path = (std::filesystem::path(into) / name).string();
    writeFileAtomically(path, c.at("report").dump(2) + "\n");
    lines << writtenLine(job, batch, path, c.value("cut", false));
  }
  return StepResult{lines, std::move(there.batches)};
}

QString SlurmJobsController::notCollectedLine(const std::string& job, const std::string& batch) {
  return tr("%1 of %2: not collected, tasks are still queued or running")
      .arg(qstr(job), qstr(batch));
}

QString SlurmJobsController::nothingLine(const std::string& job, const std::string& batch) {
  return tr("%1 of %2: nothing to collect").arg(qstr(job), qstr(batch));
}

QString SlurmJobsController::writtenLine(const std::string& job, const std::string& batch,
                                         const std::string& path, bool cut) {
  return (cut ? tr("%1 of %2: %3 (some tasks ended before their report)") : tr("%1 of %2: %3"))
      .arg(qstr(job), qstr(batch), qstr(path));
}

}  // namespace detbench::gui
