// The Invariance tab's exports: both forms in every format, the JSON the core's (one form: what
// `detbench invariance --json` prints), a CSV line per configuration, HTML with the plot
// embedded, a PDF.

#include "export/InvarianceExporter.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "detbench/cpu/CpuBackends.hpp"

namespace detbench::gui {
namespace {

InvarianceExport twoForms() {
  BackendRegistry registry;
  registry.add(cpu::makeCpuThreadsBackend(cpu::TaskSchedule::shuffled(4)));
  const TrialRunner runner(registry);
  InvarianceExport d;
  d.base.op = "matmul";
  d.base.params = {{"size", 16}, {"n", 8}, {"k", 1024}, {"batch_invariant", 0}};
  d.base.settings.threads = 4;
  d.base.trials = 2;
  d.base.warmup = 0;
  InvariancePlan plan;
  plan.axis = InvarianceAxis::Batches;
  plan.batches = {1, 8};
  d.outcomes.push_back({false, runInvariance(runner, d.base, plan), std::nullopt, {}});
  RunRequest invariant = d.base;
  invariant.params["batch_invariant"] = 1;
  d.outcomes.push_back({true, runInvariance(runner, invariant, plan), std::nullopt, {}});
  d.plotPng = QByteArray("\x89PNG fake", 9);
  return d;
}

TEST(InvarianceExporterTest, EveryFormatHoldsBothForms) {
  const InvarianceExport d = twoForms();
  const QString md = InvarianceExporter::markdown(d);
  EXPECT_TRUE(md.contains(QStringLiteral("## Default form of matmul")));
  EXPECT_TRUE(md.contains(QStringLiteral("## Batch-invariant form of matmul")));
  EXPECT_TRUE(md.contains(QStringLiteral("**run_to_run**")));
  EXPECT_TRUE(md.contains(QStringLiteral("**batch_invariant**")));
  EXPECT_TRUE(md.contains(QStringLiteral("batch_invariant=1")));

  const auto j = nlohmann::json::parse(InvarianceExporter::json(d).toStdString());
  EXPECT_EQ(j["format"], "detbench-invariance-forms");
  ASSERT_EQ(j["forms"].size(), 2u);
  EXPECT_EQ(j["forms"][1]["batch_invariant"], true);
  EXPECT_EQ(j["forms"][1]["invariance"]["measured"], "batch_invariant");

  const QStringList lines = InvarianceExporter::csv(d).trimmed().split(QLatin1Char('\n'));
  ASSERT_EQ(lines.size(), 1 + 2 * 3);  // header, then 16, 1 and 8 rows in each form
  EXPECT_TRUE(lines[1].startsWith(QStringLiteral("default,16 rows,16,cpu-threads,4,1,true,")));

  const QString html = InvarianceExporter::html(d);
  EXPECT_TRUE(html.contains(QStringLiteral("data:image/png;base64,")));
  EXPECT_EQ(html.count(QStringLiteral("<table>")), 2);
  EXPECT_TRUE(InvarianceExporter::render(ReportExporter::Format::Pdf, d).startsWith("%PDF"));
}

TEST(InvarianceExporterTest, OneFormIsTheCoresJson) {
  InvarianceExport d = twoForms();
  d.outcomes.resize(1);
  const auto j = nlohmann::json::parse(InvarianceExporter::json(d).toStdString());
  EXPECT_EQ(j["format"], "detbench-invariance");
  EXPECT_EQ(j["axis"], "batches");
}

}  // namespace
}  // namespace detbench::gui
