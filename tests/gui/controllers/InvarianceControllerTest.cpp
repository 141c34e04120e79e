// The invariance controller: a bad plan fails at once, on the caller's thread; a batch run with
// the batch-invariant form beside the default arrives as two outcomes, with progress for every
// configuration of both. Deterministic forms only: nothing here depends on how threads race.

#include "controllers/InvarianceController.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <QDir>
#include <QTemporaryDir>
#include <fstream>

#include "GuiTestSupport.hpp"
#include "TestRegistry.hpp"
#include "detbench/DefaultRegistry.hpp"

namespace detbench::gui {
namespace {

InvarianceJob matmulJob() {
  InvarianceJob job;
  job.base.op = "matmul";
  job.base.params = {{"size", 16}, {"n", 8}, {"k", 1024}};
  job.base.device = "cpu-threads";
  job.base.settings.threads = 4;  // 16 rows are 2 row blocks: k is split below 25 rows
  job.base.trials = 2;
  job.base.warmup = 0;
  job.plan.axis = InvarianceAxis::Batches;
  job.plan.batches = {1, 8};
  job.withInvariantForm = true;
  return job;
}

TEST(InvarianceControllerTest, ABadPlanFailsAtOnce) {
  InvarianceController controller(registry());
  QString message;
  QObject::connect(&controller, &InvarianceController::failed, &controller,
                   [&](const QString& m) { message = m; });
  InvarianceJob job = matmulJob();
  job.plan.batches = {8, 1};
  controller.start(job);
  EXPECT_EQ(message, QStringLiteral("batch sizes must be in ascending order"));
  EXPECT_FALSE(controller.isRunning());
  job = matmulJob();
  job.base.op = "sum";
  job.base.params = {};
  controller.start(job);
  EXPECT_TRUE(message.startsWith(QStringLiteral("sum has no batch dimension")))
      << message.toStdString();
}

TEST(InvarianceControllerTest, TheTwoFormsArriveSideBySide) {
  InvarianceController controller(registry());
  std::optional<std::vector<InvarianceOutcome>> outcomes;
  int started = 0;
  int lastDone = 0;
  QObject::connect(&controller, &InvarianceController::started, &controller,
                   [&](int total) { started = total; });
  QObject::connect(&controller, &InvarianceController::progress, &controller,
                   [&](int done, int, const QString&) { lastDone = done; });
  QObject::connect(&controller, &InvarianceController::finished, &controller,
                   [&](const std::vector<InvarianceOutcome>& o, bool) { outcomes = o; });
  controller.start(matmulJob());
  ASSERT_TRUE(testing::waitUntil([&] { return outcomes.has_value(); }));
  EXPECT_EQ(started, 6);  // 16, 1 and 8 rows, in each form
  EXPECT_EQ(lastDone, 6);
  ASSERT_EQ(outcomes->size(), 2u);
  EXPECT_FALSE((*outcomes)[0].invariantForm);
  EXPECT_EQ((*outcomes)[0].result.measured, GuaranteeLevel::RunToRun);
  EXPECT_TRUE((*outcomes)[1].invariantForm);
  EXPECT_EQ((*outcomes)[1].result.measured, GuaranteeLevel::BatchInvariant);
  EXPECT_FALSE(controller.isRunning());
}

TEST(InvarianceControllerTest, OnlyOpsWithTheParameterHaveAnInvariantForm) {
  EXPECT_TRUE(InvarianceController::hasInvariantForm("matmul"));
  EXPECT_TRUE(InvarianceController::hasInvariantForm("softmax"));
  EXPECT_FALSE(InvarianceController::hasInvariantForm("index_add"));
  EXPECT_FALSE(InvarianceController::hasInvariantForm("nope"));
}

#ifdef DETBENCH_CLI
TEST(InvarianceControllerTest, ARemoteHostRunsBothFormsInOneSession) {
  // ssh's stand-in counts its starts: both forms go through one connection.
  QTemporaryDir dir;
  const std::string ssh = QDir(dir.path()).filePath(QStringLiteral("ssh")).toStdString();
  const std::string count = QDir(dir.path()).filePath(QStringLiteral("starts")).toStdString();
  std::ofstream(ssh) << "#!/bin/sh\necho >> '" << count << "'\nexec '" DETBENCH_CLI
                     << "' serve --stdio\n";
  ::chmod(ssh.c_str(), 0755);
  InvarianceController controller(registry());
  std::optional<std::vector<InvarianceOutcome>> outcomes;
  int lastDone = 0;
  QObject::connect(&controller, &InvarianceController::progress, &controller,
                   [&](int done, int, const QString&) { lastDone = done; });
  QObject::connect(&controller, &InvarianceController::finished, &controller,
                   [&](const std::vector<InvarianceOutcome>& o, bool) { outcomes = o; });
  InvarianceJob job = matmulJob();
  job.remote = RemotePlan{};
  job.remote->target.destination = "me@gpu-box";
  job.remote->target.ssh = ssh;
  controller.start(job);
  ASSERT_TRUE(testing::waitUntil([&] { return outcomes.has_value(); }));
  ASSERT_EQ(outcomes->size(), 2u);
  EXPECT_EQ(lastDone, 6);
  for (const auto& o : *outcomes) {
    ASSERT_TRUE(o.remoteContext.has_value());
    EXPECT_EQ(o.reachedThrough, "ssh me@gpu-box");
    EXPECT_EQ(o.result.points.size(), 3u);
  }
  // The same measurement as on this machine: the remote is this machine's detbench.
  EXPECT_EQ((*outcomes)[0].result.measured, GuaranteeLevel::RunToRun);
  EXPECT_EQ((*outcomes)[1].result.measured, GuaranteeLevel::BatchInvariant);
  std::ifstream in(count);
  std::string line;
  int starts = 0;
  while (std::getline(in, line)) ++starts;
  EXPECT_EQ(starts, 1);
}
TEST(InvarianceControllerTest, ARemoteRunThatEndsEarlyIsIncompleteAndSaysWhy) {
  // The stand-in's connection ends after its fifth message (the first trial records); head
  // passes each line on as it comes (stdbuf), as a connection does.
  QTemporaryDir dir;
  const std::string ssh = QDir(dir.path()).filePath(QStringLiteral("ssh")).toStdString();
  const std::string fifo = QDir(dir.path()).filePath(QStringLiteral("fifo")).toStdString();
  std::ofstream(ssh) << "#!/bin/sh\nmkfifo '" << fifo << "'\nexec 3<&0\n'" DETBENCH_CLI
                     << "' serve --stdio <&3 > '" << fifo << "' &\nserve=$!\n"
                     << "stdbuf -oL head -n 5 < '" << fifo << "'\nkill $serve\n";
  ::chmod(ssh.c_str(), 0755);
  InvarianceController controller(registry());
  std::optional<std::vector<InvarianceOutcome>> outcomes;
  bool cancelled = false;
  QObject::connect(&controller, &InvarianceController::finished, &controller,
                   [&](const std::vector<InvarianceOutcome>& o, bool c) {
                     outcomes = o;
                     cancelled = c;
                   });
  QString failure;
  QObject::connect(&controller, &InvarianceController::failed, &controller,
                   [&](const QString& m) { failure = m; });
  InvarianceJob job = matmulJob();
  job.remote = RemotePlan{};
  job.remote->target.destination = "me@gpu-box";
  job.remote->target.ssh = ssh;
  controller.start(job);
  ASSERT_TRUE(testing::waitUntil([&] { return outcomes.has_value() || !failure.isEmpty(); }));
  ASSERT_TRUE(outcomes.has_value()) << failure.toStdString();
  EXPECT_TRUE(cancelled);           // ended early: not a finished measurement
  ASSERT_EQ(outcomes->size(), 1u);  // the second form never started
  const InvarianceResult& r = outcomes->front().result;
  EXPECT_TRUE(r.cancelled);
  ASSERT_FALSE(r.points.empty());
  const auto& errors = r.points.back().run.errors;
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors.back().kind, "RemoteError");
}
#endif

}  // namespace
}  // namespace detbench::gui
