#pragma once
// One op under several configurations in one picture: distinct outputs per configuration on the
// left, the time per trial of each as a box on the right, with its speed against the baseline
// ("2.1× faster", as the table says it), in the unit of the baseline's median.

#include <QString>
#include <vector>

#include "common/TimeUnit.hpp"
#include "detbench/run/RunResult.hpp"
#include "plot/PlotWidget.hpp"

class QCPAxisRect;
class QCPBars;
class QCPStatisticalBox;
class QCPItemText;
class QCPTextElement;

namespace detbench::gui {

struct CompareEntry {
  QString name;
  int trials = 0;
  int distinct = 0;
  bool failed = false;  // raised or faulted: no trials
  std::vector<double> timesUs;

  // A run as the plot shows it, named `name`.
  static CompareEntry fromRun(const RunResult& run, const QString& name);
};

class ComparePlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit ComparePlotWidget(QWidget* parent = nullptr);
  void setEntries(const std::vector<CompareEntry>& entries, int baseline);
  QString exportName() const override { return QStringLiteral("compare"); }
  int pointCount() const override;
  void resetView() override;

 protected:
  void retranslate() override;

 private:
  QCPAxisRect* timeRect_;
  QCPBars* reproducible_;
  QCPBars* varying_;
  QCPStatisticalBox* boxes_;
  QCPTextElement* title_;
  std::vector<CompareEntry> entries_;
  int baseline_ = 0;
  std::vector<QCPItemText*> labels_;
  TimeUnit unit_;

 public:
  // The unit of the time axis (for tests).
  const TimeUnit& unit() const { return unit_; }
};

}  // namespace detbench::gui
