// The workbench's responsiveness, measured: the GUI thread's event-loop latency while a
// 10,000-trial run streams its results into the live plots, and the time to redraw each plot
// with 100,000 points. Prints one JSON object. Runs on the offscreen platform unless a display
// is given (QT_QPA_PLATFORM).

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "controllers/RunController.hpp"
#include "detbench/DefaultRegistry.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/RunViewWidget.hpp"

namespace {

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  using namespace detbench;
  auto registry = std::make_shared<const BackendRegistry>(makeDefaultRegistry());

  // 1. Event-loop latency during a 10,000-trial run: a 10 ms timer measures how late it fires.
  gui::RunController controller(registry);
  gui::RunViewWidget view;
  view.resize(1100, 750);
  view.show();
  QObject::connect(&controller, &gui::RunController::trialsRecorded, &view,
                   [&view](int, const QVector<TrialRecord>& r) { view.appendTrials(r); });
  bool done = false;
  int trials = 0;
  QObject::connect(&controller, &gui::RunController::finished, &view,
                   [&](const ReportDocument& doc, bool) {
                     done = true;
                     trials = doc.runs.front().summary.trials;
                   });
  std::vector<double> lateness;
  QElapsedTimer clock;
  QTimer probe;
  probe.setInterval(10);
  probe.setTimerType(Qt::PreciseTimer);
  qint64 last = 0;
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const qint64 now = clock.nsecsElapsed();
    if (last) lateness.push_back(static_cast<double>(now - last) / 1e6 - 10.0);
    last = now;
    if (done) QApplication::quit();
  });
  gui::RunPlan plan;
  plan.request.op = "index_add";
  plan.request.params = {{"size", 1 << 17}, {"rows", 256}, {"cols", 1}};
  plan.request.device = "cpu-threads";
  plan.request.trials = 10000;
  plan.request.warmup = 3;
  clock.start();
  QElapsedTimer wall;
  wall.start();
  probe.start();
  controller.start(plan);
  QApplication::exec();
  const double runSeconds = static_cast<double>(wall.nsecsElapsed()) / 1e9;

  // 2. Redraw with 100,000 points: a synthetic series of that length through every plot.
  RunResult big;
  for (int i = 0; i < 100000; ++i) {
    TrialRecord t;
    t.index = i;
    t.timeNs = 1000 + (i * 7919) % 500;
    t.digest = static_cast<std::uint64_t>(i % 97);
    t.maxAbsDiff = t.digest ? 1e-7 * static_cast<double>(1 + i % 13) : 0.0;
    big.trials.push_back(t);
  }
  view.showResult(big);
  std::printf("{\n  \"context\": {\"platform\": \"%s\", \"run_trials\": %d, \"run_seconds\": %.3f},\n",
              qPrintable(QGuiApplication::platformName()), trials, runSeconds);
  std::printf("  \"event_loop_lateness_ms\": {\"samples\": %zu, \"median\": %.3f, \"p99\": %.3f, \"max\": %.3f},\n",
              lateness.size(), percentile(lateness, 0.5), percentile(lateness, 0.99),
              lateness.empty() ? 0.0 : *std::max_element(lateness.begin(), lateness.end()));
  std::printf("  \"replot_100k_points_ms\": {");
  bool first = true;
  for (gui::PlotWidget* p : view.plots()) {
    std::vector<double> times;
    for (int rep = 0; rep < 5; ++rep) {
      QElapsedTimer t;
      t.start();
      p->replotNow();
      times.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::printf("%s\"%s\": {\"points\": %d, \"median\": %.2f, \"max\": %.2f}", first ? "" : ", ",
                qPrintable(p->exportName()), p->pointCount(), percentile(times, 0.5),
                *std::max_element(times.begin(), times.end()));
    first = false;
  }
  std::printf("}\n}\n");
  return 0;
}
