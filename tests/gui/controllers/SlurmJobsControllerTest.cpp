// The Slurm jobs window's controller through a cluster's login node, end to end with stand-ins:
// an ssh that runs the remote command with sh in the "login node's" home folder, and a Slurm there
// (sbatch runs the array's tasks at once; squeue says a job is pending while a file says so;
// scancel writes what it was asked). The detbench there is this build's command line.

#include "controllers/SlurmJobsController.hpp"

#include <gtest/gtest.h>

#include <QDir>
#include <QTemporaryDir>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "GuiTestSupport.hpp"
#include "detbench/io/InputFiles.hpp"

#ifdef DETBENCH_CLI

namespace detbench::gui {
namespace {

namespace fs = std::filesystem;

class SlurmJobsControllerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(tmp.isValid());
    root = fs::path(tmp.path().toStdString());
    fs::create_directories(root / "login" / "bin");
    fs::create_directories(root / "tmp");
    const std::string bin = (root / "login" / "bin").string();
    write("login-ssh", "#!/bin/sh\nfor last; do :; done\ncd '" + (root / "login").string() +
                           "' && PATH='" + bin + "':$PATH TMPDIR='" + (root / "tmp").string() +
                           "' exec sh -c \"$last\"\n");
    write("login/bin/srun", "#!/bin/sh\nexit 0\n");
    write("login/bin/squeue", "#!/bin/sh\n[ -f '" + (root / "queued").string() +
                                  "' ] && echo '4242_0|PENDING|Priority'\nexit 0\n");
    write("login/bin/scancel", "#!/bin/sh\necho \"$*\" >> '" + (root / "scancel.log").string() +
                                   "'\nrm -f '" + (root / "queued").string() + "'\n");
    write("login/bin/sbatch",
          "#!/bin/sh\n"
          "for a; do case $a in --array=0-*) n=${a#--array=0-} ;; esac; script=$a; done\n"
          "i=0\n"
          "while [ \"$i\" -le \"$n\" ]; do SLURM_ARRAY_TASK_ID=$i sh \"$script\"; i=$((i+1)); "
          "done\n"
          "echo 4242\n");
    // A batch run submitted on the login node, as `detbench run --slurm-batch` does there.
    const std::string submit = "cd '" + (root / "login").string() + "' && PATH='" + bin +
                               "':$PATH '" DETBENCH_CLI
                               "' run --op sum --size 4096 --trials 2 --warmup 0 --quiet "
                               "--slurm --slurm-batch batches --remote-detbench '" DETBENCH_CLI "' > /dev/null";
    ASSERT_EQ(std::system(submit.c_str()), 0);
    remote::SshTarget login;
    login.destination = "login.example";
    login.ssh = (root / "login-ssh").string();
    login.remoteDetbench = DETBENCH_CLI;
    jobs.setLoginNode(login);
    QObject::connect(&jobs, &SlurmJobsController::listed, [this] { ++listed; });
    QObject::connect(&jobs, &SlurmJobsController::collected,
                     [this](const QStringList& l) { collected.push_back(l); });
    QObject::connect(&jobs, &SlurmJobsController::cancelled,
                     [this](const QString& l) { cancelled.push_back(l); });
    QObject::connect(&jobs, &SlurmJobsController::failed,
                     [this](const QString& l) { failed.push_back(l); });
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(root / name) << text;
    fs::permissions(root / name, fs::perms::owner_all);
  }
  bool settled() {
    return testing::waitUntil([&] { return !jobs.busy(); }, 120000);
  }

  QTemporaryDir tmp;
  fs::path root;
  SlurmJobsController jobs;
  // What the controller said, in order.
  int listed = 0;
  std::vector<QStringList> collected;
  std::vector<QString> cancelled, failed;
};

TEST_F(SlurmJobsControllerTest, TheLoginNodesJobsAreListedAndCollectedHere) {
  jobs.refresh(QStringLiteral("batches"));  // the login node's home folder's
  ASSERT_TRUE(settled());
  ASSERT_TRUE(failed.empty()) << failed.front().toStdString();
  ASSERT_EQ(listed, 1);
  ASSERT_EQ(jobs.batches().size(), 1u);
  const remote::BatchStatus& batch = jobs.batches()[0];
  EXPECT_EQ(batch.op, "sum");
  ASSERT_EQ(batch.jobs.size(), 1u);
  EXPECT_EQ(batch.jobs[0].id, "4242");
  ASSERT_EQ(batch.jobs[0].tasks.size(), 1u);
  EXPECT_TRUE(batch.jobs[0].tasks[0].complete);
  EXPECT_FALSE(batch.jobs[0].tasks[0].slurm) << "squeue knows no job: the files' word";

  const fs::path here = root / "here";
  jobs.collect(QString::fromStdString(here.string()));
  ASSERT_TRUE(settled());
  ASSERT_EQ(collected.size(), 1u);
  const QStringList& lines = collected[0];
  ASSERT_EQ(lines.size(), 1) << lines.join('\n').toStdString();
  EXPECT_TRUE(lines[0].contains(QString::fromStdString(here.string()))) << lines[0].toStdString();
  int reports = 0;
  for (const auto& e : fs::directory_iterator(here)) {
    ++reports;
    EXPECT_NE(readFile(e.path().string()).find("\"name\": \"sum\""), std::string::npos);
  }
  EXPECT_EQ(reports, 1);
  EXPECT_FALSE(fs::exists(root / "login" / "reports")) << "nothing left in the login node's home";
  EXPECT_TRUE(fs::is_empty(root / "tmp")) << "the login node kept its temporary folder";
}

TEST_F(SlurmJobsControllerTest, CancelReachesScancelThereAndTheListingFollows) {
  std::ofstream(root / "queued") << "";
  jobs.refresh(QStringLiteral("batches"));
  ASSERT_TRUE(settled());
  ASSERT_EQ(jobs.batches().size(), 1u);
  ASSERT_EQ(jobs.batches()[0].jobs.size(), 1u);
  ASSERT_TRUE(jobs.batches()[0].jobs[0].live());
  ASSERT_TRUE(jobs.batches()[0].jobs[0].tasks[0].slurm);
  EXPECT_EQ(jobs.batches()[0].jobs[0].tasks[0].slurm->reason, "Priority");
  jobs.cancelJob(0, 0);
  ASSERT_TRUE(settled());
  ASSERT_EQ(cancelled.size(), 1u);
  EXPECT_EQ(cancelled[0], QStringLiteral("Job 4242 (slurm) cancelled."));
  EXPECT_EQ(readFile((root / "scancel.log").string()), "4242\n");
  ASSERT_EQ(jobs.batches().size(), 1u);
  EXPECT_FALSE(jobs.batches()[0].jobs[0].live()) << "listed again after scancel";
}

TEST_F(SlurmJobsControllerTest, TheLoginNodesRefusalIsItsOwnWords) {
  jobs.refresh(QStringLiteral("nowhere"));
  ASSERT_TRUE(settled());
  ASSERT_EQ(failed.size(), 1u);
  const QString message = failed[0];
  EXPECT_TRUE(message.contains(QStringLiteral("login.example"))) << message.toStdString();
  EXPECT_TRUE(message.contains(QStringLiteral("nowhere is not a folder"))) << message.toStdString();
  EXPECT_TRUE(jobs.batches().empty());

  remote::SshTarget nobody = *jobs.loginNode();
  nobody.remoteDetbench = (root / "no-such-detbench").string();
  jobs.setLoginNode(nobody);
  jobs.refresh(QStringLiteral("batches"));
  ASSERT_TRUE(settled());
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_TRUE(failed[1].contains(QStringLiteral("has no"))) << failed[1].toStdString();
}

}  // namespace
}  // namespace detbench::gui

#endif  // DETBENCH_CLI
