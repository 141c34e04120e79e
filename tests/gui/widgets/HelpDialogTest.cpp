// Help's guide and glossary exist in both languages, and the guide's lesson links name
// scenarios that exist.

#include "widgets/HelpDialog.hpp"

#include <gtest/gtest.h>

#include <QRegularExpression>
#include <QTextBrowser>

#include "detbench/demo/Scenario.hpp"

namespace detbench::gui {
namespace {

TEST(HelpDialogTest, TheGuideAndTheGlossaryAreThereInBothLanguages) {
  HelpDialog help;
  help.showPage(HelpDialog::Page::Guide, QStringLiteral("en"));
  EXPECT_TRUE(help.text().contains(QStringLiteral("use_deterministic_algorithms")));
  help.showPage(HelpDialog::Page::Guide, QStringLiteral("zh_CN"));
  EXPECT_TRUE(help.text().contains(QStringLiteral("该设置什么")));
  help.showPage(HelpDialog::Page::Glossary, QStringLiteral("en"));
  for (const char* word : {"ULP", "Batch invariant", "Float atomics", "Run to run"})
    EXPECT_TRUE(help.text().contains(QString::fromLatin1(word))) << word;
  help.showPage(HelpDialog::Page::Glossary, QStringLiteral("zh_CN"));
  EXPECT_TRUE(help.text().contains(QStringLiteral("批不变")));
}

TEST(HelpDialogTest, EveryLessonLinkOfTheGuideOpensAScenarioThatExists) {
  HelpDialog help;
  for (const char* language : {"en", "zh_CN"}) {
    help.showPage(HelpDialog::Page::Guide, QString::fromLatin1(language));
    const QString html = help.findChild<QTextBrowser*>()->toHtml();
    const QRegularExpression link(QStringLiteral("href=\"demo:([a-z0-9-]+)\""));
    int links = 0;
    for (auto it = link.globalMatch(html); it.hasNext(); ++links) {
      const std::string name = it.next().captured(1).toStdString();
      EXPECT_NE(demo::findScenario(name), nullptr) << language << ": " << name;
    }
    EXPECT_GE(links, 10) << language;
  }
  QString asked;
  QObject::connect(&help, &HelpDialog::lessonRequested, [&asked](const QString& n) { asked = n; });
  emit help.findChild<QTextBrowser*>()->anchorClicked(QUrl(QStringLiteral("demo:training")));
  EXPECT_EQ(asked, QStringLiteral("training"));
}

}  // namespace
}  // namespace detbench::gui
