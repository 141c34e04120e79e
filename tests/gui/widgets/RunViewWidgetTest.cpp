// The run view filled by a real run through the controller, as the window connects them; and a
// torch device's run (made by hand, so the test needs no libtorch): its header names the PyTorch
// that ran it and the catalog's prediction beside what it did.

#include "widgets/RunViewWidget.hpp"

#include <gtest/gtest.h>

#include <QLabel>
#include <QPushButton>

#include "../../core/report/ReportFixtures.hpp"
#include "GuiTestSupport.hpp"
#include "common/Verdict.hpp"
#include "controllers/RunController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"

namespace detbench::gui {
namespace {

std::shared_ptr<const BackendRegistry> registry() {
  static auto r = std::make_shared<const BackendRegistry>(makeDefaultRegistry());
  return r;
}

RunPlan smallPlan(int trials) {
  RunPlan plan;
  plan.request.op = "index_add";
  plan.request.params = {{"size", 1 << 16}, {"rows", 64}, {"cols", 1}};
  plan.request.device = "cpu-threads";
  plan.request.settings.threads = 2;
  plan.request.trials = trials;
  plan.request.warmup = 1;
  return plan;
}

TEST(RunViewWidgetTest, ARunOnCpuThreadsFillsThePlots) {
  RunController controller(registry());
  RunViewWidget view;
  view.resize(1000, 700);
  int recorded = 0;
  std::optional<ReportDocument> report;
  QObject::connect(&controller, &RunController::trialsRecorded, &view,
                   [&](int config, const QVector<TrialRecord>& records) {
                     EXPECT_EQ(config, 0);
                     recorded += static_cast<int>(records.size());
                     view.appendTrials(records);
                   });
  QObject::connect(&controller, &RunController::finished, &view,
                   [&](const ReportDocument& doc, bool cancelled) {
                     EXPECT_FALSE(cancelled);
                     report = doc;
                     view.showResult(doc.runs.front());
                   });
  controller.start(smallPlan(40));
  ASSERT_TRUE(testing::waitUntil([&] { return report.has_value(); }));
  EXPECT_EQ(recorded, 40);
  EXPECT_EQ(view.series().size(), 40u);
  ASSERT_EQ(report->runs.size(), 1u);
  EXPECT_EQ(report->runs[0].summary.trials, 40);
  EXPECT_EQ(view.series().distinct(), report->runs[0].summary.distinctDigests);
  const auto plots = view.plots();
  ASSERT_GE(plots.size(), 4u);
  // Distinct-so-far and timing have one point per trial; the diff plot one per differing trial.
  EXPECT_EQ(plots[1]->pointCount(), 40);
  EXPECT_EQ(plots[3]->pointCount(), 40);
  EXPECT_EQ(plots[0]->pointCount(), 40 - view.series().identicalToFirst);
  EXPECT_FALSE(controller.isRunning());
}

// Between Run and the first trial (a Slurm job in the queue, a node starting) the headline says
// what the run waits for, never "No run yet"; the first trial replaces it, and a run that ends
// without one leaves the view as it was before.
TEST(RunViewWidgetTest, BeforeItsFirstTrialTheHeadlineSaysWhatTheRunWaitsFor) {
  RunViewWidget view;
  auto* headline = view.findChild<QLabel*>(QStringLiteral("headline"));
  ASSERT_NE(headline, nullptr);
  const QString idle = headline->text();
  EXPECT_TRUE(idle.startsWith(QStringLiteral("No run yet"))) << idle.toStdString();
  view.beginRun(QStringLiteral("sum on cpu on a Slurm gpu:h100 node"));
  EXPECT_EQ(headline->text(), QStringLiteral("Waiting for the first trial…"));
  view.showWaiting(QStringLiteral("job 3 pending (PartitionDown: the partition is down)"));
  EXPECT_EQ(headline->text(), QStringLiteral("Waiting for the first trial — Slurm: job 3 pending "
                                             "(PartitionDown: the partition is down)"));
  TrialRecord first;
  first.digest = 0x1234;
  view.appendTrials({first});
  EXPECT_TRUE(headline->text().startsWith(QStringLiteral("Running: 1 trials so far")))
      << headline->text().toStdString();
  // A later state of the job does not hide the trials.
  view.showWaiting(QStringLiteral("job 3 running"));
  EXPECT_TRUE(headline->text().startsWith(QStringLiteral("Running:")));
  // Cancelled while still waiting: the window clears the view.
  view.beginRun(QStringLiteral("again"));
  view.showWaiting(QStringLiteral("job 4 pending (Priority)"));
  view.clear();
  EXPECT_EQ(headline->text(), idle);
}

// index_put_accumulate on torch-cpu under deterministic algorithms: the catalog predicts a
// switch to the deterministic kernel, and PyTorch 1.13.0 ran it.
RunResult torchRun(bool varied) {
  RunResult r = detbench::testing::fixedRun("run", !varied, 0x1234);
  r.op = "index_put_accumulate";
  r.device = "torch-cpu";
  r.settings.deterministic = DeterministicMode::Error;
  r.dispatch = {.form = Form::Deterministic,
                .extension = false,
                .contrast = false,
                .deterministicExpected = true,
                .library = true};
  LibraryCheck check;
  check.library = "PyTorch 1.13.0";
  check.catalogRelease = PyTorchRelease{2, 8};
  check.predicted = LibraryOutcome::Switches;
  check.observed = LibraryOutcome::Runs;
  check.deterministicExpected = true;
  check.varied = varied;
  r.libraryCheck = check;
  return r;
}

TEST(RunViewWidgetTest, TimesReadInTheUnitOfTheLargerOfMeanAndMedian) {
  RunResult r = detbench::testing::fixedRun("run", true, 0x1234);
  r.summary.trials = 50;
  r.summary.time.median = 800e3;  // 0.80 ms
  r.summary.time.mean = 3772e3;   // a few slow trials
  r.summary.time.stddev = 6570e3;
  r.summary.time.min = 500e3;
  r.summary.time.max = 23180e3;
  EXPECT_EQ(Verdict::timing(r),
            QStringLiteral("mean 3.77 ms ± 6.57 ms (min 0.50 ms … max 23.2 ms), median 0.80 ms"));
}

TEST(RunViewWidgetTest, ATorchRunSaysWhichPyTorchRanItAndWhatTheCatalogPredicted) {
  RunViewWidget view;
  view.resize(1000, 700);
  view.showResult(torchRun(false));
  const QString line = view.libraryLine();
  EXPECT_TRUE(
      line.startsWith(QStringLiteral("PyTorch 1.13.0 ran it; the catalog (2.8) predicted "
                                     "a switch to its deterministic kernel: as "
                                     "predicted.")))
      << line.toStdString();
  EXPECT_FALSE(line.contains(QStringLiteral("disagree")));
  // The catalog calls it reproducible, and the outputs varied: a disagreement, said calmly.
  view.showResult(torchRun(true));
  const QString varied = view.libraryLine();
  EXPECT_TRUE(varied.contains(
      QStringLiteral("The outputs varied although the catalog calls this op reproducible here.")))
      << varied.toStdString();
  auto* label = view.findChild<QLabel*>(QStringLiteral("libraryCheck"));
  ASSERT_NE(label, nullptr);
  EXPECT_TRUE(label->isVisibleTo(&view));
  EXPECT_TRUE(label->styleSheet().contains(QStringLiteral("background")));
  EXPECT_FALSE(label->styleSheet().contains(QStringLiteral("#c62828")));  // not the red of errors
  // randn without a seed varies because nothing seeded it: the line says so, not "although".
  RunResult unseeded = torchRun(true);
  unseeded.op = "randn";
  unseeded.settings.seed.reset();
  view.showResult(unseeded);
  EXPECT_TRUE(view.libraryLine().contains(QStringLiteral("no seed was set")))
      << view.libraryLine().toStdString();
  EXPECT_FALSE(view.libraryLine().contains(QStringLiteral("although")));
  // PyTorch did otherwise than predicted: they disagree.
  RunResult warned = torchRun(false);
  warned.libraryCheck->observed = LibraryOutcome::Warns;
  view.showResult(warned);
  EXPECT_TRUE(view.libraryLine().contains(QStringLiteral("PyTorch 1.13.0 ran it and warned")));
  EXPECT_TRUE(view.libraryLine().contains(QStringLiteral("they disagree")));
  // A run of detbench's own kernels has no such line; a new run clears it.
  view.beginRun(QStringLiteral("next"));
  EXPECT_TRUE(view.libraryLine().isEmpty());
  view.showResult(detbench::testing::fixedRun("run", false, 7));
  EXPECT_TRUE(view.libraryLine().isEmpty());
}

TEST(RunViewWidgetTest, ALibraryRunIsNeverCalledAtomicOrDeterministicAsDetbenchsForm) {
  for (const bool varied : {false, true}) {
    RunResult r = torchRun(varied);
    r.dispatch.form = varied ? Form::Atomic : Form::Deterministic;
    const QString implementation = Verdict::implementation(r);
    EXPECT_TRUE(implementation.startsWith(QStringLiteral("PyTorch 1.13.0's own dispatch")))
        << implementation.toStdString();
    EXPECT_FALSE(implementation.contains(QStringLiteral("atomic")));
  }
  EXPECT_EQ(Verdict::implementation(detbench::testing::fixedRun("run", false, 7)),
            QStringLiteral("atomic"));
}

TEST(RunViewWidgetTest, OutputsThatVariedOfferTheFixTheWindowNamesAndNothingElse) {
  RunViewWidget view;
  auto* deterministic = view.findChild<QPushButton*>(QStringLiteral("runDeterministic"));
  auto* seed = view.findChild<QPushButton*>(QStringLiteral("setSeed"));
  auto* warn = view.findChild<QPushButton*>(QStringLiteral("runInWarnMode"));
  ASSERT_NE(deterministic, nullptr);
  ASSERT_NE(seed, nullptr);
  ASSERT_NE(warn, nullptr);
  RunViewWidget::NextSteps steps;
  steps.deterministicMode = true;
  view.showResult(detbench::testing::fixedRun("run", false, 0x1234), {}, steps);
  EXPECT_TRUE(deterministic->isVisibleTo(&view));
  EXPECT_FALSE(seed->isVisibleTo(&view));
  EXPECT_FALSE(warn->isVisibleTo(&view));
  EXPECT_TRUE(view.notice().contains(QStringLiteral("varied"))) << view.notice().toStdString();
  int asked = 0;
  QObject::connect(&view, &RunViewWidget::deterministicModeRequested, [&asked] { ++asked; });
  deterministic->click();
  EXPECT_EQ(asked, 1);
  // Outputs that repeated need no fix: no notice, whatever the window offers.
  view.showResult(detbench::testing::fixedRun("run", true, 0x1234), {}, steps);
  EXPECT_FALSE(deterministic->isVisibleTo(&view));
  EXPECT_TRUE(view.notice().isEmpty()) << view.notice().toStdString();
}

}  // namespace
}  // namespace detbench::gui
