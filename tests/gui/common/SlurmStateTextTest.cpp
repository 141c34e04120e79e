// Slurm's states and reasons in the interface's language: in English the same words as core's
// describeSlurmState (every reason core puts in words, so the two lists cannot drift apart), a
// state or reason neither knows kept as Slurm's word, and in Chinese other words.

#include "common/SlurmStateText.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/Text.hpp"
#include "controllers/LanguageController.hpp"

namespace detbench::gui {
namespace {

remote::SlurmJobState job(const std::string& state, const std::string& reason) {
  return {"12", state, reason};
}

TEST(SlurmStateTextTest, InEnglishEveryReasonCoreDescribesReadsAsCoreSaysIt) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  ASSERT_FALSE(remote::slurmReasonWords().empty());
  for (const auto& r : remote::slurmReasonWords()) {
    const remote::SlurmJobState s = job("PENDING", std::string(r.code));
    EXPECT_EQ(SlurmStateText::job(s), qstr(remote::describeSlurmState(s))) << r.code;
    EXPECT_NE(SlurmStateText::reason(std::string(r.code)), qstr(r.code)) << r.code;
  }
}

TEST(SlurmStateTextTest, InEnglishStatesReadAsCoreSaysThem) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  for (const char* state : {"PENDING", "RUNNING", "COMPLETED", "TIMEOUT", "NODE_FAIL",
                            "OUT_OF_MEMORY", "PREEMPTED", "CANCELLED", "SOME_NEW_STATE"}) {
    for (const char* reason : {"None", "", "NodeDown", "SomeNewReason"}) {
      const remote::SlurmJobState s = job(state, reason);
      EXPECT_EQ(SlurmStateText::job(s), qstr(remote::describeSlurmState(s)))
          << state << " " << reason;
    }
  }
  EXPECT_EQ(SlurmStateText::state("NODE_FAIL"), QStringLiteral("node fail"));
  EXPECT_EQ(SlurmStateText::stateAndReason(job("RUNNING", "None")), QStringLiteral("running"));
}

TEST(SlurmStateTextTest, InChineseTheStateAndTheReasonAreTranslatedAndTheCodeKept) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  const remote::SlurmJobState s = job("PENDING", "Priority");
  const QString text = SlurmStateText::job(s);
  EXPECT_NE(text, qstr(remote::describeSlurmState(s)));
  EXPECT_FALSE(text.contains(QStringLiteral("pending")));
  EXPECT_FALSE(text.contains(QStringLiteral("higher priority")));
  EXPECT_TRUE(text.contains(QStringLiteral("Priority"))) << text.toStdString();  // Slurm's code
  EXPECT_TRUE(text.contains(QStringLiteral("12")));
  for (const char* state :
       {"RUNNING", "COMPLETED", "TIMEOUT", "NODE_FAIL", "PREEMPTED", "CANCELLED", "FAILED"}) {
    const QString word = SlurmStateText::state(state);
    EXPECT_TRUE(std::any_of(word.begin(), word.end(), [](QChar c) { return c.unicode() > 0x7f; }))
        << state;
  }
  for (const auto& r : remote::slurmReasonWords()) {
    EXPECT_FALSE(SlurmStateText::reason(std::string(r.code)).contains(qstr(r.words))) << r.code;
  }
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

}  // namespace
}  // namespace detbench::gui
