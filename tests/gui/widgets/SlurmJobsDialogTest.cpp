// The Slurm batch jobs window over a batch folder, with stand-ins for squeue and scancel on PATH:
// each job and task with Slurm's state or its files' word, Cancel job for a queued job only (and
// it reaches scancel with the job's id), Collect for a finished one, a folder without batches
// refused in the window's status line, and the folder remembered for the next time.

#include "widgets/SlurmJobsDialog.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTreeWidget>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "GuiTestSupport.hpp"
#include "detbench/io/InputFiles.hpp"

namespace detbench::gui {
namespace {

namespace fs = std::filesystem;

struct SlurmJobsDialogTest : ::testing::Test {
  SlurmJobsDialogTest()
      : dir(fs::temp_directory_path() / ("detbench-jobs-gui-" + std::to_string(::getpid()))),
        path(std::getenv("PATH") ? std::getenv("PATH") : "") {
    fs::remove_all(dir);
    fs::create_directories(dir / "bin");
    fs::create_directories(dir / "batches" / "b1");
    QSettings().remove(QStringLiteral("slurm"));
    QSettings().setValue(QStringLiteral("slurm/loginNode"), QString());  // the folder is here
    script("squeue", "case \"$*\" in *=77*) echo '77_0|PENDING|Priority';; esac");
    script("scancel", "echo \"$*\" > '" + (dir / "scancel.log").string() + "'");
    ::setenv("PATH", ((dir / "bin").string() + ":" + path).c_str(), 1);
    std::ofstream(dir / "batches" / "b1" / "batch.json")
        << R"({"batch":"b1","kind":"run","op":"sum","device":"cpu","jobs":[)"
        << R"({"name":"gpu-a100","job_id":"77","label":"gpu:a100","tasks":[{"index":0}]},)"
        << R"({"name":"gpu-h100","job_id":"78","label":"gpu:h100","tasks":[{"index":0}]}]})";
  }
  ~SlurmJobsDialogTest() override {
    ::setenv("PATH", path.c_str(), 1);
    fs::remove_all(dir);
  }
  void script(const std::string& name, const std::string& body) {
    std::ofstream(dir / "bin" / name) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(dir / "bin" / name, fs::perms::owner_all);
  }
  QPushButton* button(SlurmJobsDialog& d, const QString& text) {
    for (auto* b : d.findChildren<QPushButton*>()) {
      if (b->text() == text) return b;
    }
    return nullptr;
  }
  QString status(SlurmJobsDialog& d) {
    QString all;
    for (auto* l : d.findChildren<QLabel*>()) all += l->text() + "\n";
    return all;
  }
  fs::path dir;
  std::string path;
};

TEST_F(SlurmJobsDialogTest, JobsShowTheirStateAndOnlyAQueuedOneCanBeCancelled) {
  SlurmJobsDialog d;
  const QString folder = QString::fromStdString((dir / "batches").string());
  d.showFolder(folder);
  ASSERT_TRUE(testing::waitUntil([&] { return !d.controller()->busy(); }));
  QTreeWidget* tree = d.tree();
  ASSERT_EQ(tree->topLevelItemCount(), 1);
  QTreeWidgetItem* batch = tree->topLevelItem(0);
  EXPECT_EQ(batch->text(0), QStringLiteral("b1"));
  EXPECT_TRUE(batch->text(2).contains(QStringLiteral("sum")));
  ASSERT_EQ(batch->childCount(), 2);
  QTreeWidgetItem* queued = batch->child(0);
  QTreeWidgetItem* gone = batch->child(1);
  EXPECT_TRUE(queued->text(0).contains(QStringLiteral("77")));
  EXPECT_TRUE(queued->text(1).startsWith(QStringLiteral("pending")))
      << queued->text(1).toStdString();
  EXPECT_EQ(gone->text(1), QStringLiteral("gone (no answers)"));
  EXPECT_TRUE(status(d).contains(QStringLiteral("queued or running: 1; finished: 1")));

  QPushButton* cancel = button(d, QStringLiteral("Cancel job"));
  QPushButton* collect = button(d, QStringLiteral("Collect"));
  ASSERT_NE(cancel, nullptr);
  ASSERT_NE(collect, nullptr);
  EXPECT_TRUE(collect->isEnabled());  // job 78 has finished
  tree->setCurrentItem(gone);
  EXPECT_FALSE(cancel->isEnabled());
  tree->setCurrentItem(queued);
  ASSERT_TRUE(cancel->isEnabled());
  cancel->click();
  ASSERT_TRUE(testing::waitUntil([&] { return !d.controller()->busy(); }));
  EXPECT_EQ(readFile((dir / "scancel.log").string()), "77\n");
  EXPECT_TRUE(status(d).contains(QStringLiteral("Job 77 (gpu-a100) cancelled.")));

  collect->click();
  ASSERT_TRUE(testing::waitUntil([&] { return !d.controller()->busy(); }));
  EXPECT_TRUE(status(d).contains(QStringLiteral("gpu-h100 of b1: nothing to collect")));
  EXPECT_EQ(QSettings().value(QStringLiteral("slurm/batchFolder")).toString(), folder);
  QSettings().remove(QStringLiteral("slurm"));
}

TEST_F(SlurmJobsDialogTest, ALoginNodeAsksForTheReportsFolderHereAndAMalformedOneIsRefused) {
  SlurmJobsDialog d;
  auto* login = d.findChild<QLineEdit*>(QStringLiteral("slurmLoginNode"));
  auto* reports = d.findChild<QLineEdit*>(QStringLiteral("slurmReportsFolder"));
  ASSERT_NE(login, nullptr);
  ASSERT_NE(reports, nullptr);
  EXPECT_FALSE(reports->isVisibleTo(&d)) << "the folder is on this machine";
  login->setText(QStringLiteral("-oProxyCommand=touch"));
  EXPECT_TRUE(reports->isVisibleTo(&d));
  EXPECT_FALSE(reports->text().isEmpty()) << "a folder here by default";
  d.showFolder(QString::fromStdString((dir / "batches").string()));
  EXPECT_FALSE(d.controller()->busy()) << "nothing asked of a malformed login node";
  EXPECT_TRUE(status(d).contains(QStringLiteral("starts with '-'"))) << status(d).toStdString();
  EXPECT_FALSE(d.controller()->loginNode());
  QSettings().remove(QStringLiteral("slurm"));
}

TEST_F(SlurmJobsDialogTest, AFolderWithoutBatchesIsSaidInTheWindow) {
  SlurmJobsDialog d;
  d.showFolder(QString::fromStdString((dir / "bin").string()));
  ASSERT_TRUE(testing::waitUntil([&] { return !d.controller()->busy(); }));
  EXPECT_EQ(d.tree()->topLevelItemCount(), 0);
  EXPECT_TRUE(status(d).contains(QStringLiteral("holds no batch of detbench's")));
  QSettings().remove(QStringLiteral("slurm"));
}

}  // namespace
}  // namespace detbench::gui
