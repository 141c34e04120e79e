#include "plot/ReportPlots.hpp"

#include <QCoreApplication>
#include <memory>

#include "models/RunSeries.hpp"
#include "plot/AlgorithmPlotWidget.hpp"
#include "plot/ComparePlotWidget.hpp"
#include "plot/DiffPlotWidget.hpp"
#include "plot/DistinctPlotWidget.hpp"
#include "plot/TimingPlotWidget.hpp"
#include "plot/UlpHistogramPlotWidget.hpp"

namespace detbench::gui {

std::vector<RenderedPlot> ReportPlots::renderRun(const RunResult& result) {
  std::vector<RenderedPlot> out;
  if (result.trials.empty()) return out;
  const RunSeries series = RunSeries::fromResult(result);
  std::vector<std::unique_ptr<TrialPlotWidget>> plots;
  plots.emplace_back(new DiffPlotWidget);
  plots.emplace_back(new DistinctPlotWidget);
  plots.emplace_back(new UlpHistogramPlotWidget);
  plots.emplace_back(new TimingPlotWidget);
  if (series.hasAlgorithms()) plots.emplace_back(new AlgorithmPlotWidget);
  const QStringList titles = {
      QCoreApplication::translate("ReportPlots", "Max |diff| against trial 0"),
      QCoreApplication::translate("ReportPlots", "Distinct outputs so far"),
      QCoreApplication::translate("ReportPlots", "ULP histogram"),
      QCoreApplication::translate("ReportPlots", "Time per trial"),
      QCoreApplication::translate("ReportPlots", "Algorithm per trial")};
  for (std::size_t i = 0; i < plots.size(); ++i) {
    auto& p = plots[i];
    p->resize(kWidth, kHeight);
    p->follow(series);
    p->replotNow();
    out.push_back({p->exportName(), titles[static_cast<qsizetype>(i)], p->toPng(kWidth, kHeight)});
  }
  return out;
}

std::vector<RenderedPlot> ReportPlots::render(const ReportDocument& report) {
  if (report.kind == ReportKind::Run) {
    return report.runs.empty() ? std::vector<RenderedPlot>{} : renderRun(report.runs.front());
  }
  std::vector<RenderedPlot> out;
  std::vector<CompareEntry> entries;
  int baseline = -1;
  for (std::size_t i = 0; i < report.runs.size(); ++i) {
    const RunResult& r = report.runs[i];
    CompareEntry e = CompareEntry::fromRun(r, QString::fromStdString(r.label));
    if (baseline < 0 && !e.failed && e.trials > 0) baseline = static_cast<int>(i);
    entries.push_back(std::move(e));
  }
  ComparePlotWidget plot;
  plot.resize(kWidth, kHeight);
  plot.setEntries(entries, std::max(0, baseline));
  plot.replotNow();
  out.push_back({plot.exportName(),
                 QCoreApplication::translate("ReportPlots", "Variance and speed per configuration"),
                 plot.toPng(kWidth, kHeight)});
  // Each configuration's own picture: how far its trials are from its trial 0, and how many
  // outputs it gave.
  for (std::size_t i = 0; i < report.runs.size() && i < kMaxConfigurationPlots; ++i) {
    const RunResult& r = report.runs[i];
    if (r.trials.empty()) continue;
    const RunSeries series = RunSeries::fromResult(r);
    DiffPlotWidget diff;
    DistinctPlotWidget distinct;
    const std::pair<TrialPlotWidget*, QString> plots[] = {
        {&diff, QCoreApplication::translate("ReportPlots", "Max |diff| against trial 0")},
        {&distinct, QCoreApplication::translate("ReportPlots", "Distinct outputs so far")}};
    for (const auto& [p, title] : plots) {
      p->resize(kWidth / 2, kHeight * 3 / 4);
      p->follow(series);
      p->replotNow();
      out.push_back({QStringLiteral("%1-%2").arg(i).arg(p->exportName()), title,
                     p->toPng(kWidth / 2, kHeight * 3 / 4), static_cast<int>(i)});
    }
  }
  return out;
}

}  // namespace detbench::gui
