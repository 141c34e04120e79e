#pragma once
// An invariance run in one picture. Left: for each configuration (batch size, thread count or
// device), the largest ULP distance from the reference (batches: each batch's first row against
// the row computed alone, B = 1; otherwise: against the first configuration), on a log scale,
// identical points (0 ULP) on their own line at the bottom, green; different ones red. Right:
// time per row (batches) or per trial, by configuration. On the batches axis the default form
// (circles) and the batch-invariant form (squares) share both panels.

#include <QString>
#include <vector>

#include "controllers/InvarianceController.hpp"
#include "plot/PlotWidget.hpp"

class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPLegend;
class QCPItemText;
class QCPTextElement;

namespace detbench::gui {

class InvariancePlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit InvariancePlotWidget(QWidget* parent = nullptr);
  void setOutcomes(const std::vector<InvarianceOutcome>& outcomes);
  QString exportName() const override { return QStringLiteral("invariance"); }
  int pointCount() const override;
  void resetView() override;

  // The distance a point is drawn at: its ULP, or kIdentical for none.
  static constexpr double kIdentical = 0.5;

 protected:
  void retranslate() override;

 private:
  struct FormGraphs {
    QCPGraph* same;
    QCPGraph* differs;
    QCPGraph* time;
  };
  FormGraphs makeForm(bool invariant);

  QCPAxisRect* timeRect_;
  QCPLegend* timeLegend_;
  QCPTextElement* title_;
  QCPItemStraightLine* identicalLine_;
  QCPItemText* identicalLabel_;
  FormGraphs forms_[2];
  InvarianceAxis axis_ = InvarianceAxis::Batches;
  int configurations_ = 0;
  double maxUlp_ = 1;
  double maxTime_ = 0;
  int points_ = 0;
};

}  // namespace detbench::gui
