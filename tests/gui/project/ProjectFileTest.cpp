#include "project/ProjectFile.hpp"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "../../core/report/ReportFixtures.hpp"
#include "controllers/ProjectController.hpp"

namespace detbench::gui {
namespace {

Project sampleProject() {
  Project p;
  p.request.op = "scatter_add";
  p.request.params = {{"size", 4096}, {"out_size", 64}};
  p.request.device = "cpu-threads";
  p.request.trials = 123;
  p.request.warmup = 2;
  p.request.dataSeed = 9;
  p.request.settings.seed = 77;
  p.request.settings.deterministic = DeterministicMode::Warn;
  p.comparePresets = {QStringLiteral("default"), QStringLiteral("benchmark")};
  Settings custom;
  custom.cublasWorkspaceConfig = WorkspaceConfig::parse(":16:8");
  p.customConfigurations = {{"mine", custom}};
  p.run = detbench::testing::fixedRunReport();
  p.compare = detbench::testing::fixedSweepReport();
  return p;
}

TEST(ProjectFileTest, SaveAndOpenRoundTrip) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("p.detbench"));
  const Project p = sampleProject();
  QString error;
  ASSERT_TRUE(ProjectFile::save(path, p, &error)) << error.toStdString();
  const auto back = ProjectFile::load(path, &error);
  ASSERT_TRUE(back.has_value()) << error.toStdString();
  EXPECT_EQ(ProjectFile::serialize(*back), ProjectFile::serialize(p));
  EXPECT_EQ(back->request.settings, p.request.settings);
  EXPECT_EQ(back->request.params, p.request.params);
  EXPECT_EQ(back->comparePresets, p.comparePresets);
  ASSERT_EQ(back->customConfigurations.size(), 1u);
  EXPECT_EQ(back->customConfigurations[0].settings, p.customConfigurations[0].settings);
  ASSERT_TRUE(back->compare.has_value());
  EXPECT_EQ(back->compare->runs.size(), 3u);
}

TEST(ProjectFileTest, TheRemoteHostIsRememberedButNotTheIdentityFileOrTheProgramThere) {
  Project p = sampleProject();
  QString none;
  EXPECT_FALSE(ProjectFile::parse(ProjectFile::serialize(p), &none).value().remote.has_value());
  RemoteHost host;
  host.target.destination = "me@gpu-box";
  host.target.port = 2222;
  host.target.identityFile = "/home/me/.ssh/id_gpu";
  host.target.remoteDetbench = "/opt/detbench/bin/detbench";
  host.device = QStringLiteral("cuda");
  host.timeoutSeconds = 90;
  p.remote = host;
  p.request.device = "cuda";
  const QByteArray bytes = ProjectFile::serialize(p);
  EXPECT_FALSE(bytes.contains("id_gpu"));
  EXPECT_FALSE(bytes.contains("/opt/detbench"));
  QString error;
  const auto back = ProjectFile::parse(bytes, &error);
  ASSERT_TRUE(back.has_value()) << error.toStdString();
  ASSERT_TRUE(back->remote.has_value());
  EXPECT_EQ(back->remote->target.destination, "me@gpu-box");
  EXPECT_EQ(back->remote->target.port, 2222);
  EXPECT_EQ(back->remote->target.remoteDetbench, "detbench");
  EXPECT_TRUE(back->remote->target.identityFile.empty());
  EXPECT_EQ(back->remote->device, QStringLiteral("cuda"));
  EXPECT_EQ(back->remote->timeoutSeconds, 90);
  EXPECT_EQ(back->request.device, "cuda");
  // A destination ssh would read as an option, or a port out of range, is refused.
  for (const auto& [from, to] :
       {std::pair<QByteArray, QByteArray>{"\"me@gpu-box\"", "\"-oProxyCommand=x\""},
        {"\"port\": 2222", "\"port\": 70000"},
        {"\"timeout_s\": 90", "\"timeout_s\": 0"}}) {
    QByteArray bad = bytes;
    ASSERT_TRUE(bad.contains(from)) << from.toStdString();
    bad.replace(from, to);
    EXPECT_FALSE(ProjectFile::parse(bad, &error).has_value()) << to.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("damaged"))) << error.toStdString();
  }
}

TEST(ProjectFileTest, ASlurmClusterIsRememberedWithItsJobsTerms) {
  Project p = sampleProject();
  RemoteHost host;
  host.slurm = true;  // srun on this machine: no login node
  host.partition = "gpu";
  host.gpuType = "h100";
  host.timeLimit = "30";
  host.device = QStringLiteral("cuda");
  p.remote = host;
  QString error;
  const auto back = ProjectFile::parse(ProjectFile::serialize(p), &error);
  ASSERT_TRUE(back.has_value()) << error.toStdString();
  ASSERT_TRUE(back->remote.has_value());
  EXPECT_TRUE(back->remote->slurm);
  EXPECT_EQ(back->remote->partition, "gpu");
  EXPECT_EQ(back->remote->gpuType, "h100");
  EXPECT_EQ(back->remote->timeLimit, "30");
  EXPECT_TRUE(back->remote->target.destination.empty());
  // Its plan is a Slurm job step: the GPU type asked for, no limit on the time in the queue.
  const RemotePlan plan = back->remote->plan(QStringLiteral("here"));
  ASSERT_TRUE(plan.slurm.has_value());
  EXPECT_EQ(plan.slurm->gpuType, "h100");
  EXPECT_EQ(plan.label(), "srun gpu:h100, partition gpu");
  EXPECT_GT(plan.timeouts.hello, std::chrono::hours(24));
  // A GPU type srun would read as an option is refused.
  QByteArray bad = ProjectFile::serialize(p);
  bad.replace("\"h100\"", "\"--exclusive\"");
  EXPECT_FALSE(ProjectFile::parse(bad, &error).has_value());
}

TEST(ProjectFileTest, DamagedOrForeignFilesAreRefusedAndLeftAlone) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.detbench"));
  const QList<QByteArray> bad = {
      QByteArrayLiteral("{\"format\": \"detbench-project\", \"version\": 1, \"req"),  // truncated
      QByteArrayLiteral("PK\x03\x04 a zip file"),
      QByteArrayLiteral("{\"name\": \"some other program\"}"),
      QByteArrayLiteral("{\"format\": \"detbench-project\", \"version\": 7}"),
      QByteArrayLiteral("{\"format\": \"detbench-project\", \"version\": 1, \"request\": {}}"),
  };
  for (const QByteArray& bytes : bad) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    QString error;
    EXPECT_FALSE(ProjectFile::load(path, &error).has_value()) << bytes.toStdString();
    EXPECT_FALSE(error.isEmpty());
    QFile again(path);
    ASSERT_TRUE(again.open(QIODevice::ReadOnly));
    EXPECT_EQ(again.readAll(), bytes) << "the file was changed";
  }
}

TEST(ProjectFileTest, HostileContentIsRefusedWithAReason) {
  const QByteArray good = ProjectFile::serialize(sampleProject());
  auto damaged = [&](const QByteArray& from, const QByteArray& to) {
    QByteArray b = good;
    EXPECT_TRUE(b.contains(from)) << from.toStdString();
    return b.replace(from, to);
  };
  const QList<QPair<QByteArray, QString>> bad = {
      {QByteArray(100000, '[') + QByteArray(100000, ']'), QStringLiteral("nested")},
      {damaged("\"op\": \"scatter_add\"", "\"op\": \"no_such_op\""), QStringLiteral("no_such_op")},
      {damaged("\"trials\": 123", "\"trials\": 4294967297"), QStringLiteral("trials")},
      {damaged("\"trials\": 123", "\"trials\": 1.5"), QStringLiteral("trials")},
      {damaged("\"seed\": 77", "\"seed\": 18446744073709551616"), QStringLiteral("seed")},
      {damaged("\"seed\": 77", "\"seed\": -1"), QStringLiteral("seed")},
      {damaged("\"out_size\": 64", "\"out_size\": -64"), QStringLiteral("out_size")},
      {damaged("\"out_size\": 64", "\"rows\": 64"), QStringLiteral("rows")},
      {damaged("\"version\": 1", "\"version\": 1.9"), QStringLiteral("version")},
      {damaged("\"benchmark\"", "\"turbo\""), QStringLiteral("turbo")},
  };
  for (const auto& [bytes, mention] : bad) {
    QString error;
    EXPECT_FALSE(ProjectFile::parse(bytes, &error).has_value()) << mention.toStdString();
    EXPECT_TRUE(error.contains(mention)) << error.toStdString();
  }
}

TEST(ProjectFileTest, AnUnwritablePlaceGivesAMessage) {
  QString error;
  EXPECT_FALSE(
      ProjectFile::save(QStringLiteral("/nonexistent-folder/p.detbench"), sampleProject(), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("/nonexistent-folder/p.detbench")))
      << error.toStdString();
}

TEST(ProjectControllerTest, AutosaveIsOfferedForRecoveryUntilDiscarded) {
  ProjectController::discardAutosave();
  EXPECT_FALSE(ProjectController::recoverable(nullptr).has_value());
  ProjectController controller([] { return sampleProject(); });
  ASSERT_TRUE(controller.autosaveNow());
  QString savedAt;
  const auto recovered = ProjectController::recoverable(&savedAt);
  ASSERT_TRUE(recovered.has_value());
  EXPECT_FALSE(savedAt.isEmpty());
  EXPECT_EQ(recovered->request.trials, 123);
  ProjectController::discardAutosave();
  EXPECT_FALSE(ProjectController::recoverable(nullptr).has_value());
}

TEST(ProjectControllerTest, RecentFilesAreKeptNewestFirstWithoutDuplicates) {
  ProjectController controller([] { return sampleProject(); });
  for (int i = 0; i < 12; ++i) controller.addRecentFile(QStringLiteral("/tmp/p%1.detbench").arg(i));
  controller.addRecentFile(QStringLiteral("/tmp/p5.detbench"));
  const QStringList files = controller.recentFiles();
  EXPECT_EQ(files.size(), ProjectController::kMaxRecent);
  EXPECT_EQ(files.front(), QStringLiteral("/tmp/p5.detbench"));
  EXPECT_EQ(files.count(QStringLiteral("/tmp/p5.detbench")), 1);
}

}  // namespace
}  // namespace detbench::gui
