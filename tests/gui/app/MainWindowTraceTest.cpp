// The Trace tab in the window: its panels (none: it has its own setup and status line, and the
// status bar says what happened), its setup whole at 1280 x 720 in both languages, File → Export
// and Copy as Markdown on it (they speak of the trace, not of the last run), and a cause opened in
// the workbench: the op, its traced shapes, the torch device of the kind the trace names (or, where
// there is none, the nearest device with a note), and the configuration's threads.

#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>

#include "GuiTestSupport.hpp"
#include "app/MainWindow.hpp"
#include "app/WindowActions.hpp"
#include "controllers/LanguageController.hpp"
#include "controllers/ProjectController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "detbench/trace/TraceSettings.hpp"
#include "widgets/DeviceSelectorWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/OpParamsWidget.hpp"
#include "widgets/SettingsWidget.hpp"
#include "widgets/TraceSetupWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {
namespace {

std::shared_ptr<const BackendRegistry> loadedRegistry() {
  static auto r = [] {
    auto made = std::make_shared<const BackendRegistry>(makeDefaultRegistry());
    made->loadAll();
    return made;
  }();
  return r;
}

bool available(const char* id) {
  for (const DeviceEntry& d : loadedRegistry()->devices()) {
    if (d.id == id) return d.availability.available;
  }
  return false;
}

struct MainWindowTraceTest : ::testing::Test {
  MainWindowTraceTest() {
    ProjectController::discardAutosave();
    language.setLanguage(QStringLiteral("en"));
    window = std::make_unique<MainWindow>(loadedRegistry(), &language);
  }
  LanguageController language;
  std::unique_ptr<MainWindow> window;
};

// At 1280 x 720 the Trace tab's setup shows whole: no scroll, every field and label inside.
void checkTheSetupIsWhole(MainWindow& w) {
  w.fitToScreen(QSize(1280, 720));
  w.show();
  w.findChild<QTabWidget*>()->setCurrentWidget(w.traceView());
  testing::settle();
  QWidget* setup = w.traceView()->setup();
  QScrollArea* area = nullptr;
  for (QWidget* p = setup->parentWidget(); p != nullptr && area == nullptr; p = p->parentWidget())
    area = qobject_cast<QScrollArea*>(p);
  ASSERT_NE(area, nullptr);
  // The setup whole: no scroll (what a trace does shows only where all of it fits).
  EXPECT_LE(area->widget()->sizeHint().height(), area->viewport()->height());
  // The setup fits the width it is shown in: nothing of it lies past the right edge.
  EXPECT_LE(setup->width(), area->viewport()->width());
  for (auto* field : setup->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
    if (!field->isVisible() || qobject_cast<QLabel*>(field)) continue;
    const QRect r(field->mapTo(area->viewport(), QPoint(0, 0)), field->size());
    EXPECT_LE(r.right(), area->viewport()->width()) << field->metaObject()->className();
    EXPECT_GE(field->width(), field->minimumSizeHint().width()) << field->metaObject()->className();
  }
  int labels = 0;
  for (auto* label : setup->findChildren<QLabel*>()) {
    if (label->text().isEmpty()) continue;
    ++labels;
    EXPECT_GE(label->width(), label->sizeHint().width()) << label->text().toStdString();
    const QRect r(label->mapTo(area->viewport(), QPoint(0, 0)), label->size());
    EXPECT_GE(r.left(), 0) << label->text().toStdString();
    EXPECT_LE(r.right(), area->viewport()->width()) << label->text().toStdString();
  }
  EXPECT_GE(labels, 15);  // every row of the setup has its label
}

TEST_F(MainWindowTraceTest, TheTraceTabHasTheWindowToItselfAndSaysWhatHappenedInTheStatusBar) {
  MainWindow& w = *window;
  w.fitToScreen(QSize(1280, 720));
  w.show();
  testing::settle();
  auto* tabs = w.findChild<QTabWidget*>();
  tabs->setCurrentWidget(w.traceView());
  testing::settle();
  // Its own setup, status line and results: none of the form's panels, nor the log.
  for (const char* name : {"opDock", "settingsDock", "catalogDock", "environmentDock", "logDock"}) {
    EXPECT_FALSE(w.findChild<QDockWidget*>(QLatin1String(name))->isVisible()) << name;
  }
  w.actions()->exportReport->trigger();
  EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("No trace to export yet")));
  // Back on the Run tab, its panels come back.
  w.showRunView();
  testing::settle();
  EXPECT_TRUE(w.findChild<QDockWidget*>(QStringLiteral("settingsDock"))->isVisible());
}

TEST_F(MainWindowTraceTest, At1280x720TheTraceSetupShowsEveryLabelWholeWithoutAScroll) {
  for (const char* lang : {"en", "zh_CN"}) {
    SCOPED_TRACE(lang);
    language.setLanguage(QString::fromLatin1(lang));
    window = std::make_unique<MainWindow>(loadedRegistry(), &language);
    checkTheSetupIsWhole(*window);
  }
  language.setLanguage(QStringLiteral("en"));
}

TEST_F(MainWindowTraceTest, FileExportOnTheTraceTabSpeaksOfTheTrace) {
  MainWindow& w = *window;
  w.findChild<QTabWidget*>()->setCurrentWidget(w.traceView());
  // No trace yet: said in the log, and no dialog asks for a file (the test would hang).
  w.actions()->exportReport->trigger();
  EXPECT_TRUE(w.logWidget()->plainText().contains(QStringLiteral("No trace to export yet")))
      << w.logWidget()->plainText().toStdString();
  // Copy as Markdown says there is no trace and leaves the clipboard as it was (not the run's
  // report, nor an empty text).
  QApplication::clipboard()->setText(QStringLiteral("before"));
  w.actions()->copyMarkdown->trigger();
  EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("before"));
  EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("No trace yet")))
      << w.statusBar()->currentMessage().toStdString();
}

TEST_F(MainWindowTraceTest, ACauseOpensOnTheTorchDeviceOfItsKindWithWhatTheTraceRan) {
  MainWindow& w = *window;
  // Before: detbench's extensions and warn mode, from other work in the window.
  Settings before = *w.settingsWidget()->settings();
  before.semantics = CatalogSemantics::Extensions;
  before.deterministic = DeterministicMode::Warn;
  w.settingsWidget()->setSettings(before);
  trace::TraceSettings tracedConfig;
  tracedConfig.seed = 7;
  tracedConfig.deterministic = DeterministicMode::Error;
  tracedConfig.threads = 2;
  const Settings traced = trace::workbenchSettings(tracedConfig, PyTorchRelease{2, 8});
  const OpParams params = {{"size", 32}, {"cols", 2}, {"rows", 3}};
  const QString device =
      w.openTracedOp(QStringLiteral("index_put_accumulate"), params, QStringLiteral("cpu"), traced);
  const QString expected =
      available("torch-cpu") ? QStringLiteral("torch-cpu") : QStringLiteral("cpu-threads");
  EXPECT_EQ(device, expected);
  EXPECT_EQ(w.deviceSelector()->device(), expected);
  EXPECT_EQ(w.paramsWidget()->op(), QStringLiteral("index_put_accumulate"));
  const auto shown = w.paramsWidget()->params();
  ASSERT_TRUE(shown.has_value());
  EXPECT_EQ(shown->at("size"), 32);
  EXPECT_EQ(shown->at("cols"), 2);
  EXPECT_EQ(shown->at("rows"), 3);
  const auto shownSettings = w.settingsWidget()->settings();
  ASSERT_TRUE(shownSettings.has_value());
  EXPECT_EQ(shownSettings->threads, 2);
  EXPECT_EQ(shownSettings->seed, std::optional<std::uint64_t>(7));
  EXPECT_EQ(shownSettings->deterministic, DeterministicMode::Error);
  EXPECT_EQ(shownSettings->semantics, CatalogSemantics::PyTorch);
  EXPECT_EQ(w.findChild<QTabWidget*>()->currentWidget(), static_cast<QWidget*>(w.runView()));
  const bool noted =
      w.logWidget()->plainText().contains(QStringLiteral("torch-cpu is not available here"));
  EXPECT_EQ(noted, expected != QStringLiteral("torch-cpu"));
}

TEST_F(MainWindowTraceTest, ACudaCauseWithoutTorchCudaOpensOnTheNearestDeviceWithANote) {
  if (available("torch-cuda")) GTEST_SKIP() << "torch-cuda is here: the fallback is not taken";
  MainWindow& w = *window;
  const QString device = w.openTracedOp(
      QStringLiteral("index_put_accumulate"), {{"size", 32}, {"cols", 2}, {"rows", 3}},
      QStringLiteral("cuda:0"), trace::workbenchSettings({}, PyTorchRelease{2, 8}));
  EXPECT_EQ(device, available("cuda") ? QStringLiteral("cuda") : QStringLiteral("cpu-threads"));
  EXPECT_EQ(w.deviceSelector()->device(), device);
  const QString log = w.logWidget()->plainText();
  EXPECT_TRUE(log.contains(QStringLiteral("torch-cuda is not available here")))
      << log.toStdString();
  EXPECT_TRUE(log.contains(QStringLiteral("not PyTorch's own"))) << log.toStdString();
}

}  // namespace
}  // namespace detbench::gui
