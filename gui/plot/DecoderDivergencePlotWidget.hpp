#pragma once
// The "Temperature 0" lesson in one picture: for each batch size the prompt was generated in
// (x), the first generation step whose logits differ in any bit from the prompt alone (orange)
// and the first step whose token differs (red, labelled with how close the two candidates'
// logits were); batch sizes that kept the reference's logits through the last step are green at
// the top. The default kernels (circles) beside the batch-invariant ones (squares).

#include <vector>

#include "detbench/demo/DecoderLesson.hpp"
#include "plot/PlotWidget.hpp"

class QCPGraph;
class QCPItemText;
class QCPTextElement;

namespace detbench::gui {

class DecoderDivergencePlotWidget : public PlotWidget {
  Q_OBJECT

 public:
  explicit DecoderDivergencePlotWidget(QWidget* parent = nullptr);
  void setOutcome(const demo::DecoderOutcome& outcome, int steps);
  QString exportName() const override { return QStringLiteral("decoder-divergence"); }
  int pointCount() const override;
  void resetView() override;

 protected:
  void retranslate() override;

 private:
  struct FormGraphs {
    QCPGraph* same;
    QCPGraph* logits;
    QCPGraph* tokens;
  };
  FormGraphs makeForm(bool invariant);

  QCPTextElement* title_;
  QCPTextElement* subtitle_;
  FormGraphs forms_[2];
  std::vector<QCPItemText*> labels_;
  int batches_ = 0;
  int steps_ = 1;
};

}  // namespace detbench::gui
