// A batch's kind and its jobs' targets in the interface's language, from batch.json's fields or
// from the label alone (an older batch): in English exactly the words of the command line's
// label, in Chinese other words with Slurm's names and the login node kept.

#include "common/SlurmBatchText.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "common/Text.hpp"
#include "controllers/LanguageController.hpp"
#include "detbench/remote/SlurmTarget.hpp"

namespace detbench::gui {
namespace {

std::vector<remote::SlurmTarget> someTargets() {
  std::vector<remote::SlurmTarget> targets(4);
  targets[1].gpuType = "a100";
  targets[1].partition = "gpu-long";
  targets[2].constraint = "ib";
  targets[3].gpuType = "h100";
  targets[3].partition = "debug";
  targets[3].constraint = "nvlink";
  return targets;
}

std::string labelOf(const remote::SlurmTarget& t) {
  return "srun " + remote::slurmTargetLabel(t);  // as the command line writes it
}

TEST(SlurmBatchTextTest, InEnglishTheTargetsReadAsTheCommandLineWroteThem) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  for (const auto& t : someTargets()) {
    EXPECT_EQ(SlurmBatchText::target(labelOf(t)), qstr(labelOf(t)));
    EXPECT_EQ(SlurmBatchText::target(remote::batchTargetOf(t, "")), qstr(labelOf(t)));
    EXPECT_EQ(SlurmBatchText::target(remote::batchTargetOf(t, "login1")),
              qstr(labelOf(t) + " via ssh login1"));
    EXPECT_EQ(SlurmBatchText::target(labelOf(t) + " via ssh login1"),
              qstr(labelOf(t) + " via ssh login1"));
  }
  remote::BatchJobStatus job;
  job.label = labelOf(someTargets()[1]);
  EXPECT_EQ(SlurmBatchText::target(job), qstr(job.label));
  job.target = remote::batchTargetOf(someTargets()[3], "");  // the fields win over the label
  EXPECT_EQ(SlurmBatchText::target(job), qstr(labelOf(someTargets()[3])));
  EXPECT_EQ(SlurmBatchText::kind("sweep"), QStringLiteral("sweep"));
  EXPECT_EQ(SlurmBatchText::target("ssh node7"), QStringLiteral("ssh node7"));  // another shape
}

TEST(SlurmBatchTextTest, InChineseTheWordsChangeAndSlurmsNamesStay) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  const auto targets = someTargets();
  const QString none = SlurmBatchText::target(labelOf(targets[0]));
  EXPECT_FALSE(none.contains(QStringLiteral("no GPU type"))) << none.toStdString();
  EXPECT_FALSE(none.contains(QStringLiteral("partition default"))) << none.toStdString();
  EXPECT_TRUE(none.startsWith(QStringLiteral("srun "))) << none.toStdString();
  const QString full = SlurmBatchText::target(labelOf(targets[3]));
  for (const char* name : {"gpu:h100", "debug", "nvlink"}) {
    EXPECT_TRUE(full.contains(QLatin1String(name))) << name << " " << full.toStdString();
  }
  EXPECT_FALSE(full.contains(QStringLiteral("partition"))) << full.toStdString();
  EXPECT_FALSE(full.contains(QStringLiteral("constraint"))) << full.toStdString();
  EXPECT_EQ(SlurmBatchText::target(remote::batchTargetOf(targets[3], "")), full);
  const QString via = SlurmBatchText::target(remote::batchTargetOf(targets[3], "login1"));
  EXPECT_TRUE(via.startsWith(full)) << via.toStdString();
  EXPECT_TRUE(via.contains(QStringLiteral("login1"))) << via.toStdString();
  EXPECT_FALSE(via.contains(QStringLiteral("via"))) << via.toStdString();
  EXPECT_EQ(SlurmBatchText::target(labelOf(targets[3]) + " via ssh login1"), via);
  const QString bare = SlurmBatchText::target(remote::slurmTargetLabel(targets[1]));
  EXPECT_EQ(bare, SlurmBatchText::target(labelOf(targets[1])).mid(5)) << bare.toStdString();
  EXPECT_FALSE(bare.contains(QStringLiteral("partition"))) << bare.toStdString();
  EXPECT_NE(SlurmBatchText::kind("run"), QStringLiteral("run"));
  EXPECT_NE(SlurmBatchText::kind("sweep"), QStringLiteral("sweep"));
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

}  // namespace
}  // namespace detbench::gui
