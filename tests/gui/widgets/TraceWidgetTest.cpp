// The Trace tab: a bad setup is refused with one message and starts nothing; the op plot draws
// each status of crafted records where it belongs; a trace of a small script (its one race made
// deterministic by the run number, tests/trace/scripts/accumulate.py) fills the configurations,
// the causes and the detail, opens the cause's catalog op in the workbench with its shapes, and
// exports JSON, Markdown, CSV and the plot (Debian's python3-torch; skipped without it); the
// progress bar and line measure a run against the configuration's first one, and a cancelled
// trace leaves the bar where it stopped.

#include "widgets/TraceWidget.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "GuiTestSupport.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "detbench/trace/TraceSettings.hpp"
#include "plot/TraceOpsPlotWidget.hpp"
#include "widgets/TraceSetupWidget.hpp"

namespace detbench::gui {
namespace {

// The torch of DETBENCH_TRACE_PYTHON as the build found it (tests/CMakeLists.txt).
bool pythonHasTorch() {
  return std::string_view(DETBENCH_TRACE_TORCH).size() > 0;
}

// Two runs that ran to their end, as a rank's or a pool's alignment holds them.
std::vector<trace::TraceRunSummary> twoCompletedRuns() {
  std::vector<trace::TraceRunSummary> runs;
  for (int run = 1; run <= 2; ++run) {
    trace::TraceRunSummary s;
    s.run = run;
    s.exit.exited = true;
    s.end = trace::TraceEnd{};
    s.end->status = "ok";
    runs.push_back(s);
  }
  return runs;
}

struct TraceWidgetTest : ::testing::Test {
  TraceWidgetTest()
      : registry(std::make_shared<const BackendRegistry>(makeDefaultRegistry())),
        controller(registry),
        widget(&controller) {}
  QLineEdit* field(const char* name) const {
    return widget.setup()->findChild<QLineEdit*>(QString::fromLatin1(name));
  }
  std::shared_ptr<const BackendRegistry> registry;
  TraceController controller;
  TraceWidget widget;
};

TEST_F(TraceWidgetTest, ABadSetupIsRefusedWithOneMessageAndStartsNothing) {
  QString why;
  EXPECT_FALSE(widget.start(&why));  // no script
  EXPECT_FALSE(why.isEmpty());
  field("traceScript")->setText(QStringLiteral("train.py"));
  field("traceSeed")->setText(QStringLiteral("-1"));
  why.clear();
  EXPECT_FALSE(widget.start(&why));
  EXPECT_TRUE(why.contains(QStringLiteral("seed"))) << why.toStdString();
  field("traceSeed")->setText(QString());
  field("tracePython")->setText(QStringLiteral("python3"));
  field("traceScript")->setText(QStringLiteral("-c"));
  why.clear();
  EXPECT_FALSE(widget.start(&why));
  EXPECT_FALSE(why.isEmpty());
  EXPECT_FALSE(controller.isRunning());
}

TEST_F(TraceWidgetTest, TheEnvironmentAndWorldSizesReachEveryConfiguration) {
  field("traceScript")->setText(QStringLiteral("train.py"));
  field("traceEnvironment")->setText(QStringLiteral("NCCL_ALGO=Ring \"NOTE=a b\""));
  field("traceWorldSizes")->setText(QStringLiteral("2,3"));
  QString why;
  const auto job = widget.setup()->job(&why);
  ASSERT_TRUE(job.has_value()) << why.toStdString();
  ASSERT_EQ(job->plan.configs.size(), 2u);
  for (const auto& c : job->plan.configs) {
    const auto& env = c.settings.environment;
    EXPECT_NE(
        std::find(env.begin(), env.end(), std::pair<std::string, std::string>("NCCL_ALGO", "Ring")),
        env.end());
    EXPECT_NE(std::find(env.begin(), env.end(), std::pair<std::string, std::string>("NOTE", "a b")),
              env.end());
  }
  EXPECT_EQ(job->plan.configs[1].settings.worldSize, 3);
  // World sizes are an axis of their own, and a setting without a value is refused.
  for (auto* box : widget.setup()->findChildren<QCheckBox*>()) {
    if (box->text() == QLatin1String("seeded")) box->setChecked(true);
  }
  EXPECT_FALSE(widget.setup()->job(&why).has_value());
  EXPECT_TRUE(why.contains(QStringLiteral("World sizes"))) << why.toStdString();
  field("traceWorldSizes")->setText(QString());
  field("traceEnvironment")->setText(QStringLiteral("NOVALUE"));
  EXPECT_FALSE(widget.setup()->job(&why).has_value());
  EXPECT_TRUE(why.contains(QStringLiteral("NAME=VALUE"))) << why.toStdString();
}

TEST_F(TraceWidgetTest, ALaterRunShowsHowFarItIsAndCancelKeepsTheBar) {
  auto* bar = widget.findChild<QProgressBar*>();
  ASSERT_NE(bar, nullptr);
  const auto statusText = [this] {
    for (auto* label : widget.findChildren<QLabel*>()) {
      if (label->text().contains(QStringLiteral(" ops"))) return label->text();
    }
    return QString();
  };
  emit controller.started(QStringLiteral("3.11"), QStringLiteral("1.13"), 2);
  emit controller.runStarted(0, 1, false);
  emit controller.progress(400);  // run 1: no total yet
  EXPECT_EQ(bar->value(), 0);
  EXPECT_FALSE(statusText().contains(QLatin1Char('%'))) << statusText().toStdString();
  emit controller.runStarted(0, 2, false);  // run 1 ended at 400 ops
  emit controller.progress(100);
  EXPECT_EQ(bar->maximum(), 200);
  EXPECT_EQ(bar->value(), 125);  // one run of two, and a quarter of the second
  EXPECT_TRUE(statusText().contains(QStringLiteral("100 of about 400 ops (25%)")))
      << statusText().toStdString();
  emit controller.finished(trace::TraceDocument{}, true);
  EXPECT_EQ(bar->value(), 125);
}

TEST_F(TraceWidgetTest, EachConfigurationSaysWhatItSets) {
  // Does deterministic also seed? Its tooltip says so; every preset has one of its own.
  QStringList tips;
  for (auto* box : widget.setup()->findChildren<QCheckBox*>()) {
    if (box->text() == QStringLiteral("cudnn.benchmark") ||
        box->text() == QStringLiteral("cudnn.deterministic") || box->text().contains(' '))
      continue;
    EXPECT_FALSE(box->toolTip().isEmpty()) << box->text().toStdString();
    tips << box->toolTip();
    if (box->text() == QStringLiteral("deterministic")) {
      EXPECT_TRUE(box->toolTip().startsWith(QStringLiteral("Seeded")))
          << box->toolTip().toStdString();
    }
  }
  EXPECT_EQ(tips.size(), static_cast<qsizetype>(trace::traceConfigNames().size()));
  tips.removeDuplicates();
  EXPECT_EQ(tips.size(), static_cast<qsizetype>(trace::traceConfigNames().size()));
}

TEST_F(TraceWidgetTest, AConfigurationIsNamedWithWhatItSet) {
  trace::TraceConfigResult seeded;
  seeded.config.name = "default";
  seeded.config.settings.seed = 5;
  emit controller.configFinished(0, seeded);
  trace::TraceConfigResult asWritten;
  asWritten.config.name = "default";
  emit controller.configFinished(1, asWritten);
  const auto* configs = widget.findChild<QTableWidget*>(QStringLiteral("traceConfigurations"));
  ASSERT_NE(configs, nullptr);
  ASSERT_EQ(configs->rowCount(), 2);
  EXPECT_EQ(configs->item(0, 0)->text(), QStringLiteral("default (seed 5)"));
  EXPECT_EQ(configs->item(1, 0)->text(), QStringLiteral("default"));
}

TEST_F(TraceWidgetTest, AJobShowsItsRanksAndOpensOnTheRankWithTheFirstCause) {
  using namespace trace;
  // The script's process ran no op; rank 1 has a cause, rank 0 inherited it.
  const auto rankWith = [](int rank, std::vector<TraceCause> causes,
                           std::vector<RankInheritance> inherited) {
    TraceRankResult r;
    r.rank = rank;
    r.world = 2;
    r.backend = "gloo";
    r.alignment.runs = twoCompletedRuns();
    r.alignment.causes = std::move(causes);
    r.inherited = std::move(inherited);
    return r;
  };
  TraceCause cause;
  cause.seq = 3;
  cause.op.name = "aten::add.Tensor";
  cause.site = TraceSite{1, "/w/train.py", 21, "work"};
  cause.runs = {2};
  TraceConfigResult result;
  result.config.name = "default";
  result.job.ranks.push_back(rankWith(0, {}, {{4, 0, "c10d::all_reduce", 1, {2}}}));
  result.job.ranks.push_back(rankWith(1, {cause}, {}));
  emit controller.configFinished(0, result);
  auto* process = widget.findChild<QComboBox*>(QStringLiteral("traceProcess"));
  ASSERT_NE(process, nullptr);
  EXPECT_FALSE(process->parentWidget()->isHidden());  // the selector's row
  ASSERT_EQ(process->count(), 3);                     // the script's process, rank 0, rank 1
  EXPECT_EQ(process->currentIndex(), 2);
  EXPECT_TRUE(process->itemText(1).contains(QStringLiteral("inherited from rank 1")))
      << process->itemText(1).toStdString();
  const auto* causes = widget.findChild<QTableWidget*>(QStringLiteral("traceCauses"));
  ASSERT_NE(causes, nullptr);
  ASSERT_EQ(causes->rowCount(), 1);
  EXPECT_EQ(causes->item(0, 1)->text(), QStringLiteral("aten::add.Tensor"));
  const auto* configs = widget.findChild<QTableWidget*>(QStringLiteral("traceConfigurations"));
  EXPECT_TRUE(configs->item(0, 2)->text().startsWith(QStringLiteral("rank 1, op 3")))
      << configs->item(0, 2)->text().toStdString();
  process->setCurrentIndex(1);  // rank 0: no cause of its own
  EXPECT_EQ(causes->rowCount(), 0);
  process->setCurrentIndex(0);  // the script's process: the job in the detail
  const auto* detail = widget.findChild<QTextBrowser*>();
  ASSERT_NE(detail, nullptr);
  EXPECT_TRUE(detail->toPlainText().contains(QStringLiteral("The job: 2 ranks")))
      << detail->toPlainText().toStdString();
  // A script of one process has no selector.
  TraceConfigResult alone;
  alone.config.name = "seeded";
  emit controller.configFinished(1, alone);
  auto* table = widget.findChild<QTableWidget*>(QStringLiteral("traceConfigurations"));
  table->setCurrentCell(1, 0);
  EXPECT_TRUE(process->parentWidget()->isHidden());
}

TEST_F(TraceWidgetTest, AProcessPoolIsShownTaskByTaskAndOpensOnItsFirstCause) {
  using namespace trace;
  // The script took the difference from the pool; task 2's op 5 made it.
  TraceRankResult pool;
  pool.rank = kPoolRank;
  pool.alignment.runs = twoCompletedRuns();
  for (TraceRunSummary& s : pool.alignment.runs)
    s.threadStatuses = {{OpStatus::Equal}, {OpStatus::Equal, OpStatus::Introduced}};
  pool.alignment.threads = {{1, "task 0: work"}, {2, "task 1: work"}};
  TraceCause cause;
  cause.seq = 2;
  cause.thread = 2;
  cause.op.name = "aten::mul.Tensor";
  cause.site = TraceSite{1, "/w/pool.py", 17, "work"};
  cause.runs = {2};
  pool.alignment.causes = {cause};
  TraceConfigResult result;
  result.config.name = "default";
  result.job.pool = pool;
  result.job.poolWorkers = 2;
  result.job.poolTasks = 2;
  result.job.fromPool = {{1, 0, "aten::stack", kPoolRank, {2}}};
  emit controller.configFinished(0, result);
  auto* process = widget.findChild<QComboBox*>(QStringLiteral("traceProcess"));
  ASSERT_NE(process, nullptr);
  ASSERT_EQ(process->count(), 2);  // the script's process, the pool
  EXPECT_EQ(process->currentIndex(), 1);
  EXPECT_TRUE(process->itemText(1).contains(QStringLiteral("op 2 of task 1: work")))
      << process->itemText(1).toStdString();
  const auto* causes = widget.findChild<QTableWidget*>(QStringLiteral("traceCauses"));
  ASSERT_EQ(causes->rowCount(), 1);
  EXPECT_EQ(causes->item(0, 0)->text(), QStringLiteral("2 (task 1)"));
  const auto* configs = widget.findChild<QTableWidget*>(QStringLiteral("traceConfigurations"));
  EXPECT_TRUE(configs->item(0, 2)->text().startsWith(QStringLiteral("the process pool, op 2")))
      << configs->item(0, 2)->text().toStdString();
  process->setCurrentIndex(0);
  const auto* detail = widget.findChild<QTextBrowser*>();
  ASSERT_NE(detail, nullptr);
  const QString text = detail->toPlainText();
  EXPECT_TRUE(text.contains(QStringLiteral("The process pool: 2 workers, 2 tasks")))
      << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("took the difference from the process pool")))
      << text.toStdString();
}

TEST_F(TraceWidgetTest, ThePlotDrawsEachStatusWhereItBelongs) {
  TraceOpsPlotWidget plot;
  trace::TraceConfigResult config;
  config.config.name = "default";
  trace::TraceRunSummary one, two, three;
  one.run = 1;
  two.run = 2;
  three.run = 3;
  using S = trace::OpStatus;
  one.statuses = {S::Equal, S::Equal, S::Equal, S::Equal, S::Equal};
  two.statuses = {S::Equal, S::Introduced, S::Inherited, S::Absorbed, S::Inherited};
  three.statuses = {S::Equal, S::Data, S::NotCompared, S::NotCompared, S::NotCompared};
  config.alignment.runs = {one, two, three};
  plot.setConfig(&config);
  // run 2: a cause, two inherited, one absorbed; run 3: a cause and where comparing stops.
  EXPECT_EQ(plot.pointCount(), 6);
  plot.setConfig(nullptr);
  EXPECT_EQ(plot.pointCount(), 0);
}

TEST_F(TraceWidgetTest, ThePlotGivesEachThreadARowAndKeepsThoseThatDifferWhenThereAreMany) {
  TraceOpsPlotWidget plot;
  trace::TraceConfigResult config;
  trace::TraceRunSummary one, two;
  one.run = 1;
  two.run = 2;
  using S = trace::OpStatus;
  two.statuses = {S::Equal, S::Inherited};
  two.threadStatuses = {{S::Data, S::Inherited}, {S::Equal}};
  config.alignment.runs = {one, two};
  config.alignment.threads = {{1, "scaler"}, {2, "worker"}};
  plot.setConfig(&config);
  // The main thread's row (one inherited), thread 1's (a cause, one inherited), thread 2's.
  EXPECT_EQ(plot.pointCount(), 3);
  EXPECT_TRUE(plot.titleText().contains(QStringLiteral("against run 1")));
  // Past kMaxLanes threads, the ones where run 2 differs are drawn first, the rest left out.
  const std::size_t many = TraceOpsPlotWidget::kMaxLanes + 3;
  two.threadStatuses.assign(many, {S::Equal});
  two.threadStatuses[many - 1] = {S::Introduced};
  config.alignment.runs = {one, two};
  plot.setConfig(&config);
  EXPECT_EQ(plot.pointCount(), 1 + 1);  // the main thread's inherited op, the last thread's cause
  EXPECT_TRUE(plot.titleText().contains(QStringLiteral("(threads not drawn: 4)")))
      << plot.titleText().toStdString();
}

TEST_F(TraceWidgetTest, ATraceFillsTheTabOpensTheCauseAndExports) {
  if (!pythonHasTorch()) GTEST_SKIP() << DETBENCH_TRACE_PYTHON " has no torch";
  field("tracePython")->setText(QStringLiteral(DETBENCH_TRACE_PYTHON));
  widget.setup()->setScript(QStringLiteral(DETBENCH_TRACE_SCRIPTS "/accumulate.py"));
  QString opened;
  OpParams openedParams;
  QString openedDevice;
  int openedThreads = -1;
  QObject::connect(
      &widget, &TraceWidget::openInWorkbench,
      [&](const QString& op, const OpParams& params, const QString& device, const Settings& s) {
        opened = op;
        openedParams = params;
        openedDevice = device;
        openedThreads = s.threads;
      });
  QString why;
  ASSERT_TRUE(widget.start(&why)) << why.toStdString();
  ASSERT_TRUE(testing::waitUntil([this] { return widget.document().has_value(); }, 300000));
  const auto* configs = widget.findChild<QTableWidget*>(QStringLiteral("traceConfigurations"));
  ASSERT_NE(configs, nullptr);
  ASSERT_EQ(configs->rowCount(), 1);
  EXPECT_TRUE(configs->item(0, 1)->text().contains(QStringLiteral("differ")))
      << configs->item(0, 1)->text().toStdString();
  const auto* causes = widget.findChild<QTableWidget*>(QStringLiteral("traceCauses"));
  ASSERT_NE(causes, nullptr);
  ASSERT_EQ(causes->rowCount(), 1);
  EXPECT_EQ(causes->item(0, 1)->text(), QStringLiteral("aten::index_put_"));
  EXPECT_TRUE(causes->item(0, 3)->text().startsWith(QStringLiteral("accumulate.py:")));
  EXPECT_GT(widget.plot()->pointCount(), 0);
  const QString detail = widget.findChild<QTextBrowser*>()->toPlainText();
  EXPECT_TRUE(detail.contains(QStringLiteral("index_put_accumulate"))) << detail.toStdString();
  QPushButton* open = nullptr;
  for (auto* b : widget.findChildren<QPushButton*>()) {
    if (b->text() == QStringLiteral("Open in the workbench")) open = b;
  }
  ASSERT_NE(open, nullptr);
  ASSERT_TRUE(open->isEnabled());
  open->click();
  EXPECT_EQ(opened, QStringLiteral("index_put_accumulate"));
  EXPECT_EQ(openedParams.at("size"), 32);
  EXPECT_EQ(openedParams.at("cols"), 2);
  EXPECT_EQ(openedParams.at("rows"), 3);
  // The device the trace saw the op on, and the configuration's threads (none set here).
  EXPECT_EQ(openedDevice, QStringLiteral("cpu"));
  EXPECT_EQ(openedThreads, 0);

  QTemporaryDir dir;
  for (const char* name : {"t.json", "t.md", "t.csv", "t.png", "t.svg"}) {
    QString error;
    const QString path = dir.filePath(QString::fromLatin1(name));
    EXPECT_TRUE(widget.exportTo(path, &error)) << name << ": " << error.toStdString();
    EXPECT_GT(QFile(path).size(), 0) << name;
  }
  QFile csv(dir.filePath(QStringLiteral("t.csv")));
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
  EXPECT_TRUE(csv.readAll().contains("index_put_accumulate"));
}

}  // namespace
}  // namespace detbench::gui
