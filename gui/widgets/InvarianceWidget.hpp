#pragma once
// The invariance view: the op of the form run at several batch sizes (its first rows), thread
// counts or devices, on the same inputs, and each configuration compared bit for bit; on the
// batches axis, the default form beside the batch-invariant one. A plot (ULP distance and time
// per row by configuration), a table of every configuration, and the guarantee measured.

#include <QWidget>
#include <functional>
#include <optional>
#include <vector>

#include "controllers/InvarianceController.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace detbench::gui {

class InvariancePlotWidget;
class PlotWidget;

class InvarianceWidget : public QWidget {
  Q_OBJECT

 public:
  // `request` gives the form's run plan (op, parameters, device, settings, trials, and the
  // remote host when one is chosen), or nullopt with the reason.
  using RequestSource = std::function<std::optional<RunPlan>(QString* why)>;
  InvarianceWidget(InvarianceController* controller, RequestSource request,
                   QWidget* parent = nullptr);

  // The plan the controls describe for `base`; nullopt with the reason for a malformed list.
  std::optional<InvariancePlan> plan(QString* why) const;
  // Starts a run of the controls' plan; false with the reason when none starts.
  bool start(QString* why = nullptr);
  void setAxis(InvarianceAxis axis);
  PlotWidget* plot() const;
  const std::vector<InvarianceOutcome>& outcomes() const { return outcomes_; }
  // The request the outcomes shown ran with (batch_invariant at 0 when both forms ran).
  const RunRequest& shownRequest() const { return shownRequest_; }

 signals:
  void message(const QString& text, bool error);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void axisChanged();
  void showOutcomes(const std::vector<InvarianceOutcome>& outcomes, bool cancelled);
  void fillTable();
  QString verdictText() const;
  QString endedText() const;

  InvarianceController* controller_;
  RequestSource request_;
  QLabel* axisLabel_;
  QComboBox* axis_;
  QLabel* listLabel_;
  QLineEdit* list_;
  QCheckBox* invariantForm_;
  QCheckBox* otherRows_;
  QPushButton* run_;
  QPushButton* cancel_;
  QLabel* status_;
  QLabel* verdict_;
  InvariancePlotWidget* plot_;
  QTableWidget* table_;
  std::vector<InvarianceOutcome> outcomes_;
  RunRequest startedRequest_;
  RunRequest shownRequest_;
  bool cancelled_ = false;
};

}  // namespace detbench::gui
