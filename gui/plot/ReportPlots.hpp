#pragma once
// The plots of a finished report rendered off screen as PNG, for HTML and PDF reports (in the
// GUI and in `detbench report`). Needs a QApplication (the offscreen platform will do).

#include <QByteArray>
#include <QString>
#include <vector>

#include "detbench/report/Report.hpp"

namespace detbench::gui {

struct RenderedPlot {
  QString name;   // "max-diff", "timing", ..., "compare"
  QString title;  // in the current language
  QByteArray png;
  int run = -1;  // a sweep's configuration the plot is of (-1: the whole report)
};

class ReportPlots {
 public:
  static constexpr int kWidth = 720;
  static constexpr int kHeight = 380;
  static constexpr std::size_t kMaxConfigurationPlots = 8;
  // A run: its trial plots. A sweep: the comparison picture, then each configuration's max |diff|
  // and distinct outputs (the first kMaxConfigurationPlots configurations).
  static std::vector<RenderedPlot> render(const ReportDocument& report);
  // The trial plots of one trial set.
  static std::vector<RenderedPlot> renderRun(const RunResult& result);
};

}  // namespace detbench::gui
