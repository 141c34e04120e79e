#include "app/MainWindow.hpp"

#include <gtest/gtest.h>

#include <QListWidget>

#include <qcustomplot.h>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>

#include "../../core/report/ReportFixtures.hpp"
#include "GuiTestSupport.hpp"
#include "TestRegistry.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "controllers/RunController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/trace/TraceWords.hpp"
#include "models/OpCatalogModel.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/DemosWidget.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {
namespace {

QStringList visibleTexts(const MainWindow& w) {
  QStringList texts;
  for (QAction* a : w.menuBar()->actions()) texts << a->text();
  for (auto* tabs : w.findChildren<QTabWidget*>()) {
    for (int i = 0; i < tabs->count(); ++i) texts << tabs->tabText(i);
  }
  return texts;
}

TEST(MainWindowTest, TheChineseTranslationLoadsAndChangesTheWindowsTexts) {
  ProjectController::discardAutosave();
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  MainWindow window(registry(), &language);
  const QStringList english = visibleTexts(window);
  ASSERT_TRUE(english.contains(QStringLiteral("&File")));
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  QCoreApplication::processEvents();
  const QStringList chinese = visibleTexts(window);
  ASSERT_EQ(chinese.size(), english.size());
  for (qsizetype i = 0; i < english.size(); ++i) {
    EXPECT_NE(chinese[i], english[i]) << "not translated: " << english[i].toStdString();
  }
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  QCoreApplication::processEvents();
  EXPECT_EQ(visibleTexts(window), english);
}

// The plots' titles, as QCustomPlot holds them.
QStringList plotTitles(MainWindow& window) {
  QStringList titles;
  for (PlotWidget* p : window.runView()->plots()) {
    auto* plot = p->findChild<QCustomPlot*>();
    if (plot == nullptr) continue;
    QCPLayoutGrid* grid = plot->plotLayout();
    for (int i = 0; i < grid->elementCount(); ++i) {
      if (auto* t = qobject_cast<QCPTextElement*>(grid->elementAt(i))) titles << t->text();
    }
  }
  return titles;
}

TEST(MainWindowTest, WhatARunSaysFollowsALanguageSwitch) {
  ProjectController::discardAutosave();
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  MainWindow window(registry(), &language);
  window.selectOp(QStringLiteral("bincount"));
  OpParams p = *window.paramsWidget()->params();
  p["size"] = 4096;
  window.paramsWidget()->setParams(p);
  window.paramsWidget()->setTrials(4);
  ASSERT_TRUE(window.startRun());
  ASSERT_TRUE(testing::waitUntil([&] { return window.lastRun().has_value(); }));
  ASSERT_TRUE(plotTitles(window).join(QLatin1Char('|')).contains(QStringLiteral("median")));
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  QCoreApplication::processEvents();
  const QString titles = plotTitles(window).join(QLatin1Char('|'));
  EXPECT_FALSE(titles.contains(QStringLiteral("median"))) << titles.toStdString();
  EXPECT_TRUE(titles.contains(QStringLiteral("中位数"))) << titles.toStdString();
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

TEST(MainWindowTest, TheDemosTabFollowsALanguageSwitchAndKeepsItsSelection) {
  ProjectController::discardAutosave();
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  MainWindow window(registry(), &language);
  ASSERT_TRUE(window.demosView()->selectScenario(QStringLiteral("seeds")));
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  QCoreApplication::processEvents();
  EXPECT_EQ(window.demosView()->currentScenario()->name, "seeds");
  auto* list = window.demosView()->findChild<QListWidget*>();
  ASSERT_NE(list, nullptr);
  EXPECT_TRUE(list->currentItem()->text().startsWith(
      QString::fromStdString(demo::findScenario("seeds")->title.zhCN)));
  auto* text = window.demosView()->findChild<QTextBrowser*>(QStringLiteral("scenarioText"));
  EXPECT_TRUE(text->toPlainText().contains(QStringLiteral("预期结果")));  // tr() text of the panel
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  QCoreApplication::processEvents();
  EXPECT_EQ(window.demosView()->currentScenario()->name, "seeds");
}

TEST(MainWindowTest, TheOpSelectorAndTheCatalogChooseTheSameOp) {
  // A newcomer looks for an op selector in "Op and device": it is there.
  ProjectController::discardAutosave();
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  MainWindow window(registry(), &language);
  auto* selector = window.findChild<QComboBox*>(QStringLiteral("opSelector"));
  ASSERT_NE(selector, nullptr);
  // Every op a device runs (the catalog's entries only are in the catalog's table, not here).
  EXPECT_EQ(selector->count(), static_cast<int>(opDefinitions().size()));
  EXPECT_EQ(selector->currentData().toString(), QStringLiteral("index_add"));
  // Chosen in the selector: the parameters and the catalog follow.
  selector->setCurrentIndex(selector->findData(QStringLiteral("histc")));
  EXPECT_EQ(window.paramsWidget()->op(), QStringLiteral("histc"));
  auto* catalog = window.findChild<QTableView*>(QStringLiteral("catalog"));
  ASSERT_NE(catalog, nullptr);
  EXPECT_EQ(catalog->currentIndex().row(),
            static_cast<OpCatalogModel*>(catalog->model())->rowOf(QStringLiteral("histc")));
  // Chosen in the catalog (or by a project): the selector follows.
  ASSERT_TRUE(window.selectOp(QStringLiteral("cumsum")));
  EXPECT_EQ(selector->currentData().toString(), QStringLiteral("cumsum"));
}

TEST(MainWindowTest, AnotherOpEmptiesTheRunViewAndATabChangeTheStatusBar) {
  ProjectController::discardAutosave();
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
  MainWindow window(registry(), &language);
  // A verdict of index_add on screen.
  window.runView()->showResult(detbench::testing::fixedRunReport().runs.front());
  const auto headline = [&window] {
    for (auto* label : window.runView()->findChildren<QLabel*>()) {
      if (label->text().startsWith(QStringLiteral("No run yet"))) return true;
    }
    return false;
  };
  ASSERT_FALSE(headline());
  ASSERT_TRUE(window.selectOp(QStringLiteral("index_add")));  // the same op: it stays
  EXPECT_FALSE(headline());
  ASSERT_TRUE(window.selectOp(QStringLiteral("scatter_add")));  // another op's verdict goes
  EXPECT_TRUE(headline());
  window.statusBar()->showMessage(QStringLiteral("Reproducible"));
  window.findChild<QTabWidget*>()->setCurrentIndex(1);
  EXPECT_TRUE(window.statusBar()->currentMessage().isEmpty());
}

TEST(MainWindowTest, AGuideLinkPutsTheGuideAwayAndShowsWhatItOpened) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow window(registry(), &language);
  window.show();
  HelpDialog* help = window.showHelp(HelpDialog::Page::Guide);
  ASSERT_TRUE(help->isVisible());
  auto* browser = help->findChild<QTextBrowser*>();
  ASSERT_NE(browser, nullptr);
  // The guide's row for a script whose runs differ leads to the Trace tab.
  EXPECT_TRUE(browser->toHtml().contains(QStringLiteral("href=\"trace:\"")));
  emit browser->anchorClicked(QUrl(QStringLiteral("trace:")));
  EXPECT_FALSE(help->isVisible());
  EXPECT_TRUE(window.traceView()->isVisible());
  window.showHelp(HelpDialog::Page::Guide);
  emit browser->anchorClicked(QUrl(QStringLiteral("demo:seeds")));
  EXPECT_FALSE(help->isVisible());
  EXPECT_EQ(window.demosView()->currentScenario()->name, "seeds");
}

TEST(MainWindowTest, EveryCatalogTextHasAChineseTranslation) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  for (const PyTorchRelease release : catalogReleases()) {
    for (const OpTraits& op : opCatalog(release)) {
      EXPECT_NE(OpCatalogModel::translatedCatalogText(op.summary).toStdString(),
                std::string(op.summary));
      for (const DeviceTraits* t : {&op.cpu, &op.cuda}) {
        if (t->note.empty()) continue;
        EXPECT_NE(OpCatalogModel::translatedCatalogText(t->note).toStdString(),
                  std::string(t->note))
            << toString(release);
      }
    }
  }
  // The ops' parameter help (it stayed English in the Chinese interface). Single
  // letters such as N or H are the same in both.
  for (const auto& def : opDefinitions()) {
    for (const ParamSpec& spec : def->params()) {
      if (spec.help.size() <= 1) continue;
      EXPECT_NE(OpCatalogModel::translatedCatalogText(spec.help).toStdString(), spec.help)
          << def->name();
    }
  }
  language.setLanguage(QStringLiteral("en"));
}

TEST(MainWindowTest, EveryTraceWordHasAChineseTranslation) {
  LanguageController language;
  ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
  for (const std::string_view english : trace::workbenchTexts()) {
    const std::string s(english);
    EXPECT_NE(QCoreApplication::translate("TraceText", s.c_str()).toStdString(), s);
  }
  language.setLanguage(QStringLiteral("en"));
}

TEST(MainWindowTest, AnUnknownLanguageFallsBackToEnglish) {
  LanguageController language;
  EXPECT_FALSE(language.setLanguage(QStringLiteral("xx_XX")));
  EXPECT_EQ(language.language(), QStringLiteral("en"));
  EXPECT_EQ(LanguageController::languageForLocale(QStringLiteral("zh_CN.UTF-8")),
            QStringLiteral("zh_CN"));
  EXPECT_EQ(LanguageController::languageForLocale(QStringLiteral("de_DE")), QStringLiteral("en"));
}

TEST(MainWindowTest, ARunFromTheWindowIsSavedAndReopenedWithItsResults) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow window(registry(), &language);
  window.selectOp(QStringLiteral("bincount"));
  OpParams p = *window.paramsWidget()->params();
  p["size"] = 10000;
  window.paramsWidget()->setParams(p);
  window.paramsWidget()->setTrials(12);
  window.startRun();
  ASSERT_TRUE(testing::waitUntil([&] { return window.lastRun().has_value(); }));
  EXPECT_EQ(window.lastRun()->runs.front().summary.trials, 12);
  const QString path = QDir::temp().filePath(QStringLiteral("detbench-mainwindow-test.detbench"));
  QString error;
  ASSERT_TRUE(window.projectController()->save(path, &error)) << error.toStdString();

  MainWindow other(registry(), &language);
  ASSERT_TRUE(other.openProject(path, &error)) << error.toStdString();
  EXPECT_EQ(other.paramsWidget()->op(), QStringLiteral("bincount"));
  EXPECT_EQ(other.paramsWidget()->trials(), 12);
  ASSERT_TRUE(other.lastRun().has_value());
  EXPECT_EQ(other.lastRun()->runs.front().summary.trials, 12);
  EXPECT_FALSE(other.projectController()->isDirty());
  QFile::remove(path);
}

TEST(MainWindowTest, AProjectRemembersItsRemoteHost) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow window(registry(), &language);
  RemoteHost host;
  host.target.destination = "me@gpu-box";
  host.target.port = 2222;
  host.device = QStringLiteral("cuda");
  window.findChild<DeviceSelectorWidget*>()->setRemoteHost(host);
  const QString path = QDir::temp().filePath(QStringLiteral("detbench-remote-test.detbench"));
  QString error;
  ASSERT_TRUE(window.projectController()->save(path, &error)) << error.toStdString();

  MainWindow other(registry(), &language);
  ASSERT_TRUE(other.openProject(path, &error)) << error.toStdString();
  const auto back = other.findChild<DeviceSelectorWidget*>()->remoteHost();
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->target.destination, "me@gpu-box");
  EXPECT_EQ(back->target.port, 2222);
  EXPECT_EQ(other.findChild<DeviceSelectorWidget*>()->device(), QStringLiteral("cuda"));
  QFile::remove(path);
}

TEST(MainWindowTest, EveryStartThatCannotStartSaysWhy) {
  ProjectController::discardAutosave();
  LanguageController language;
  MainWindow window(registry(), &language);
  QString why;
  EXPECT_FALSE(window.selectOp(QStringLiteral("no_such_op")));
  EXPECT_FALSE(window.startDemo(QStringLiteral("no-such-demo"), &why));
  EXPECT_TRUE(why.contains(QStringLiteral("no-such-demo"))) << why.toStdString();
  OpParams p = *window.paramsWidget()->params();
  p["size"] = -5;  // out of range: the form is invalid
  window.paramsWidget()->setParams(p);
  why.clear();
  EXPECT_FALSE(window.startRun(&why));
  EXPECT_FALSE(why.isEmpty());
  why.clear();
  EXPECT_FALSE(window.startCompare(&why));
  EXPECT_FALSE(why.isEmpty());
  EXPECT_FALSE(window.runController()->isRunning());
}

}  // namespace
}  // namespace detbench::gui
