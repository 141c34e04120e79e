#pragma once
// Per-trial max |diff| against trial 0, on a log scale. Trials equal to trial 0 have no point
// on a log axis; the title counts them.

#include "plot/TrialPlotWidget.hpp"

class QCPGraph;
class QCPTextElement;

namespace detbench::gui {

class DiffPlotWidget : public TrialPlotWidget {
  Q_OBJECT

 public:
  explicit DiffPlotWidget(QWidget* parent = nullptr);
  QString exportName() const override { return QStringLiteral("max-diff"); }
  int pointCount() const override;

 protected:
  void addPoints(const RunSeries& series, std::size_t from) override;
  void clearData() override;
  void fitAxes(const RunSeries& series) override;
  void retranslate() override;

 private:
  void updateTitle();
  QCPGraph* graph_;
  QCPTextElement* title_;
  int total_ = 0;
  int identical_ = 0;
  int nonFinite_ = 0;
};

}  // namespace detbench::gui
