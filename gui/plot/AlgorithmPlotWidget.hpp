#pragma once
// The algorithm a library chose in each trial (cuDNN's convolution algorithms): one row per
// algorithm seen, one point per trial. Ops without a choice say so.

#include <QStringList>

#include "plot/TrialPlotWidget.hpp"

class QCPGraph;
class QCPTextElement;
class QCPAxisTickerText;

namespace detbench::gui {

class AlgorithmPlotWidget : public TrialPlotWidget {
  Q_OBJECT

 public:
  explicit AlgorithmPlotWidget(QWidget* parent = nullptr);
  QString exportName() const override { return QStringLiteral("algorithm"); }
  int pointCount() const override;

 protected:
  void addPoints(const RunSeries& series, std::size_t from) override;
  void clearData() override;
  void fitAxes(const RunSeries& series) override;
  void retranslate() override;

 private:
  QCPGraph* graph_;
  QCPTextElement* title_;
  QSharedPointer<QCPAxisTickerText> ticker_;
  QStringList algorithms_;
  bool any_ = false;
};

}  // namespace detbench::gui
