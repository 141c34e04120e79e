#include "controllers/RunController.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <QDir>
#include <QTemporaryDir>
#include <fstream>

#include "GatedBackend.hpp"
#include "GuiTestSupport.hpp"
#include "TestRegistry.hpp"
#include "detbench/DefaultRegistry.hpp"

namespace detbench::gui {
namespace {

RunPlan smallPlan(int trials) {
  RunPlan plan;
  plan.request.op = "index_add";
  plan.request.params = {{"size", 1 << 16}, {"rows", 64}, {"cols", 1}};
  plan.request.device = "cpu-threads";
  plan.request.settings.threads = 2;
  plan.request.trials = trials;
  plan.request.warmup = 1;
  return plan;
}

TEST(RunControllerTest, CancelStopsARunAfterTheTrialInProgress) {
  // The trials pass a gate the test opens, so the cancel lands at a known point: once trial 1
  // has been reported and trial 2 waits at the gate. Trial 2 then completes and the run stops.
  auto gate = std::make_shared<testing::Gate>();
  auto gated = std::make_shared<BackendRegistry>();
  gated->add(std::make_unique<testing::GatedBackend>(gate));
  RunController controller(gated);
  std::optional<bool> cancelledFlag;
  int trials = 0;
  int reported = 0;
  QObject::connect(&controller, &RunController::progress, &controller,
                   [&](int done, int, double) { reported = done; });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument& doc, bool cancelled) {
                     cancelledFlag = cancelled;
                     trials = doc.runs.empty() ? 0 : doc.runs.front().summary.trials;
                   });
  RunPlan plan = smallPlan(1000);
  plan.request.device = "gated";
  plan.request.warmup = 0;
  controller.start(plan);
  gate->release(1);
  ASSERT_TRUE(testing::waitUntil([&] { return reported == 1 && gate->waiting(); }));
  controller.cancel();
  gate->open();
  ASSERT_TRUE(testing::waitUntil([&] { return cancelledFlag.has_value(); }));
  EXPECT_TRUE(*cancelledFlag);
  EXPECT_EQ(trials, 2);
  EXPECT_FALSE(controller.isRunning());
}

TEST(RunControllerTest, DestroyingTheControllerMidRunCancelsAndJoins) {
  auto gate = std::make_shared<testing::Gate>();
  auto gated = std::make_shared<BackendRegistry>();
  gated->add(std::make_unique<testing::GatedBackend>(gate));
  bool finished = false;
  {
    RunController controller(gated);
    QObject::connect(&controller, &RunController::finished, &controller,
                     [&](const ReportDocument&, bool) { finished = true; });
    RunPlan plan = smallPlan(1000);
    plan.request.device = "gated";
    controller.start(plan);
    EXPECT_TRUE(controller.isRunning());
    gate->open();  // the destructor cancels; the worker then stops after its trial
  }
  EXPECT_FALSE(finished) << "no signal from a controller that is gone";
}

TEST(RunControllerTest, ASecondStartWhileRunningFailsWithAMessage) {
  auto gate = std::make_shared<testing::Gate>();
  auto gated = std::make_shared<BackendRegistry>();
  gated->add(std::make_unique<testing::GatedBackend>(gate));
  RunController controller(gated);
  QString message;
  bool finished = false;
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument&, bool) { finished = true; });
  RunPlan plan = smallPlan(3);
  plan.request.device = "gated";
  controller.start(plan);
  controller.start(plan);  // the first is waiting at the gate
  EXPECT_FALSE(message.isEmpty());
  gate->open();
  ASSERT_TRUE(testing::waitUntil([&] { return finished; }));
}

TEST(RunControllerTest, ACompareRunsEveryConfigurationAndKeepsThemApart) {
  RunController controller(registry());
  RunPlan plan = smallPlan(10);
  plan.configurations = {*sweepPreset("default", {}), *sweepPreset("deterministic", {})};
  std::map<int, int> perConfig;
  std::optional<ReportDocument> report;
  QObject::connect(&controller, &RunController::trialsRecorded, &controller,
                   [&](int config, const QVector<TrialRecord>& r) {
                     perConfig[config] += static_cast<int>(r.size());
                   });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument& doc, bool) { report = doc; });
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }));
  EXPECT_EQ(report->kind, ReportKind::Sweep);
  ASSERT_EQ(report->runs.size(), 2u);
  EXPECT_EQ(perConfig[0], 10);
  EXPECT_EQ(perConfig[1], 10);
  EXPECT_TRUE(report->runs[1].summary.reproducible);
}

TEST(RunControllerTest, ABadRequestFailsWithAMessageAndNoThread) {
  RunController controller(registry());
  RunPlan plan = smallPlan(10);
  plan.request.params["size"] = -1;
  QString message;
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return !message.isEmpty(); }, 10000));
  EXPECT_TRUE(message.contains(QStringLiteral("size"))) << message.toStdString();
  EXPECT_FALSE(controller.isRunning());
}

// A local run is admitted before it starts, against what the process can
// have and at what a trial costs the workbench. Ten million trials on a 10 GB limit (which the
// old estimate, 1 KiB a trial, let through to a peak of 22 GB) are refused at once.
TEST(RunControllerTest, ARunThatCannotHaveItsMemoryIsRefusedBeforeItStarts) {
  RunController controller(registry());
  RunPlan plan = smallPlan(10'000'000);
  plan.request.memoryLimitBytes = std::int64_t{10} << 30;
  QString message;
  bool started = false;
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  bool finished = false;
  QObject::connect(&controller, &RunController::started, &controller,
                   [&](int, int) { started = true; });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument&, bool) { finished = true; });
  controller.start(plan);
  EXPECT_TRUE(message.contains(QStringLiteral("would need about"))) << message.toStdString();
  EXPECT_FALSE(started);
  EXPECT_FALSE(controller.isRunning());
  // What fits at the workbench's cost starts.
  plan.request.trials = 2;
  message.clear();
  controller.start(plan);
  EXPECT_TRUE(message.isEmpty()) << message.toStdString();
  EXPECT_TRUE(started);
  ASSERT_TRUE(testing::waitUntil([&] { return finished; }, 60000));
}

#ifdef DETBENCH_CLI
// A stand-in for ssh: a script that ignores ssh's arguments and runs `body`.
std::string fakeSsh(const QTemporaryDir& dir, const std::string& body) {
  const std::string path = QDir(dir.path()).filePath(QStringLiteral("ssh")).toStdString();
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  ::chmod(path.c_str(), 0755);
  return path;
}

// A small run for me@gpu-box, whose ssh is a script that runs `body`.
RunPlan remotePlan(const QTemporaryDir& dir, const std::string& body) {
  RunPlan plan = smallPlan(5);
  plan.remote = RemotePlan{};
  plan.remote->target.destination = "me@gpu-box";
  plan.remote->target.ssh = fakeSsh(dir, body);
  return plan;
}

TEST(RunControllerTest, ARemoteRunStreamsItsTrialsAndEndsWithTheRemoteReport) {
  QTemporaryDir dir;
  RunController controller(registry());
  int reported = 0;
  std::optional<ReportDocument> report;
  QObject::connect(&controller, &RunController::progress, &controller,
                   [&](int done, int, double) { reported = done; });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument& doc, bool) { report = doc; });
  RunPlan plan = remotePlan(dir, "exec '" DETBENCH_CLI "' serve --stdio");
  plan.remote->viewerHost = "desk";
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }));
  ASSERT_EQ(report->runs.size(), 1u);
  EXPECT_EQ(report->runs.front().summary.trials, 5);
  EXPECT_EQ(reported, 5);
  ASSERT_TRUE(report->viewer.has_value());
  EXPECT_EQ(report->viewer->host, "desk");
  EXPECT_EQ(report->viewer->remote, "ssh me@gpu-box");
}

TEST(RunControllerTest, ARemoteHostThatRefusesIsAFailureWithSshsWords) {
  QTemporaryDir dir;
  RunController controller(registry());
  QString message;
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  RunPlan plan = remotePlan(dir, "echo 'Permission denied (publickey).' >&2; exit 255");
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return !message.isEmpty(); }));
  EXPECT_TRUE(message.contains(QStringLiteral("Permission denied (publickey)")))
      << qPrintable(message);
  EXPECT_FALSE(controller.isRunning());
}

TEST(RunControllerTest, CancelEndsTheWaitForASilentRemoteHost) {
  QTemporaryDir dir;
  RunController controller(registry());
  QString message;
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  RunPlan plan = remotePlan(dir, "exec sleep 60");
  controller.start(plan);
  controller.cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return !message.isEmpty(); }));
  EXPECT_TRUE(message.contains(QStringLiteral("cancelled"))) << qPrintable(message);
}

TEST(RunControllerTest, AComparisonOnARemoteHostKeepsItsConfigurationsApart) {
  QTemporaryDir dir;
  RunController controller(registry());
  std::map<int, int> perConfig;
  std::vector<int> finishedConfigs;
  std::vector<std::string> finishedLabels;
  std::optional<ReportDocument> report;
  QObject::connect(&controller, &RunController::trialsRecorded, &controller,
                   [&](int config, const QVector<TrialRecord>& r) {
                     perConfig[config] += static_cast<int>(r.size());
                   });
  QObject::connect(&controller, &RunController::configurationFinished, &controller,
                   [&](int index, const RunResult& r) {
                     finishedConfigs.push_back(index);
                     finishedLabels.push_back(r.label);
                   });
  QObject::connect(&controller, &RunController::finished, &controller,
                   [&](const ReportDocument& doc, bool) { report = doc; });
  RunPlan plan = remotePlan(dir, "exec '" DETBENCH_CLI "' serve --stdio");
  plan.configurations = {*sweepPreset("default", {}), *sweepPreset("deterministic", {})};
  controller.start(plan);
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }));
  EXPECT_EQ(report->kind, ReportKind::Sweep);
  ASSERT_EQ(report->runs.size(), 2u);
  EXPECT_EQ(report->runs[1].label, "deterministic");
  EXPECT_EQ(perConfig[0], 5);
  EXPECT_EQ(perConfig[1], 5);
  EXPECT_EQ(finishedConfigs, (std::vector<int>{0, 1}));
  EXPECT_EQ(finishedLabels, (std::vector<std::string>{"default", "deterministic"}));
  ASSERT_TRUE(report->viewer.has_value());
  EXPECT_EQ(report->viewer->remote, "ssh me@gpu-box");
}
#endif

// Stand-ins for Slurm's commands in `dir`: srun waits as a queued job does (saying nothing),
// squeue says the job is pending, scancel notes its arguments and ends the waiting srun.
void fakeSlurm(const QTemporaryDir& dir) {
  const std::string d = dir.path().toStdString();
  const auto script = [&d](const char* name, const std::string& body) {
    const std::string path = d + "/" + name;
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    ::chmod(path.c_str(), 0755);
  };
  script("srun", "echo $$ > '" + d + "/srun.pid'\nexec sleep 600");
  script("squeue", "echo '5|PENDING|Priority'");
  script("scancel", "echo \"$@\" >> '" + d + "/scancel.log'\nkill \"$(cat '" + d + "/srun.pid')\"");
}

TEST(RunControllerTest, CancelCancelsAWaitingSlurmJobInSlurm) {
  QTemporaryDir dir;
  fakeSlurm(dir);
  const QByteArray path = qgetenv("PATH");
  qputenv("PATH", dir.path().toUtf8() + ":" + path);
  RunController controller(registry());
  QString state, message;
  QObject::connect(&controller, &RunController::remoteState, &controller,
                   [&](const QString& s) { state = s; });
  QObject::connect(&controller, &RunController::failed, &controller,
                   [&](const QString& m) { message = m; });
  RunPlan plan = smallPlan(5);
  plan.remote = RemotePlan{};
  remote::SlurmTarget job;
  job.jobName = "detbench-gui-test";
  job.gpuType = "h100";
  plan.remote->slurm = job;
  plan.remote->timeouts.hello = std::chrono::hours(1);
  controller.start(plan);
  // The state comes from squeue's first answer, a few seconds in.
  ASSERT_TRUE(testing::waitUntil([&] { return !state.isEmpty(); }));
  EXPECT_EQ(state, QStringLiteral("job 5 pending (Priority: jobs of higher priority are ahead of "
                                  "it)"));
  controller.cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return !message.isEmpty(); }));
  qputenv("PATH", path);
  EXPECT_TRUE(message.contains(QStringLiteral("cancelled"))) << qPrintable(message);
  std::ifstream log(QDir(dir.path()).filePath(QStringLiteral("scancel.log")).toStdString());
  std::string said;
  std::getline(log, said);
  EXPECT_EQ(said, "--name=detbench-gui-test");  // the job itself, not only the local end
}

}  // namespace
}  // namespace detbench::gui
