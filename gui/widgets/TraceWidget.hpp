#pragma once
// The Trace tab: a Python script of the user's run several times under detbench's probe
// (TraceController, on a worker thread, with progress and Cancel), and what the runs show: a
// table of the configurations and their verdicts, the op sequence of the chosen one against
// run 1 (TraceOpsPlotWidget: causes against inherited ops), its causes as a table, the chosen
// cause in detail (call site, shapes, how much, the catalog's why and fix), and exports (JSON,
// Markdown, CSV of the causes, PNG and SVG of the plot).

#include <QElapsedTimer>
#include <QWidget>
#include <memory>
#include <optional>

#include "controllers/TraceController.hpp"
#include "detbench/op/OpParams.hpp"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QTableWidget;
class QTextBrowser;

namespace detbench::gui {

class TraceOpsPlotWidget;
class TraceSetupWidget;
class PlotWidget;

class TraceWidget : public QWidget {
  Q_OBJECT

 public:
  TraceWidget(TraceController* controller, QWidget* parent = nullptr);

  TraceSetupWidget* setup() const { return setup_; }
  TraceController* controller() const { return controller_; }
  PlotWidget* plot() const;
  // Starts a trace of the setup's job; false with the reason when none starts.
  bool start(QString* why = nullptr);
  const std::optional<trace::TraceDocument>& document() const { return document_; }
  // Writes the shown trace to `path`, by its extension (.json, .md, .csv, .png, .svg).
  bool exportTo(const QString& path, QString* error);
  // Asks where, then exports (the tab's Export button and File → Export); says how it went in
  // message(). With no trace yet, says so and asks nothing.
  void exportWithDialog();
  // The shown trace as Markdown (empty before a trace).
  QString markdown() const;

 signals:
  void message(const QString& text, bool error);
  // "Open in the workbench": the catalog op of a cause with its traced shapes, the device the
  // trace saw it on ("cpu", "cuda:0") and the settings its configuration ran with
  // (trace::workbenchSettings).
  void openInWorkbench(const QString& op, const detbench::OpParams& params,
                       const QString& tracedDevice, const detbench::Settings& settings);

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void retranslate();
  QString statusText() const;
  void fitHowItWorks();
  void showConfig(int index);
  // The shown configuration's process: the script's own, or one of its job's ranks.
  void showProcess();
  void showCause(int row);
  void fillConfigs();
  void finish(const trace::TraceDocument& document, bool cancelled);
  const trace::TraceConfigResult* shownConfig() const;

  TraceController* controller_;
  TraceSetupWidget* setup_;
  QPushButton* startButton_;
  QPushButton* cancelButton_;
  QPushButton* exportButton_;
  QPushButton* openButton_;
  QProgressBar* progress_;
  QLabel* status_;
  QLabel* howItWorks_;
  QScrollArea* setupScroll_;
  // What the status line says where it is one of the widget's own sentences (made again in the
  // language of the moment); Other: a trace's progress or an error, kept as it was.
  enum class Status { Prompt, Finished, Cancelled, Other } statusKind_ = Status::Prompt;
  QTableWidget* configs_;
  QWidget* processRow_;
  QLabel* processLabel_;
  QComboBox* process_;
  // The shown configuration's ranks, each as a configuration of its own (its alignment), and
  // which process is shown: 0 the script's, k the k-th rank.
  std::vector<trace::TraceConfigResult> rankViews_;
  int shownProcess_ = 0;
  TraceOpsPlotWidget* plot_;
  QTableWidget* causes_;
  QTextBrowser* detail_;
  std::optional<trace::TraceDocument> document_;
  // The configurations finished so far (while a trace runs) or the document's.
  std::vector<trace::TraceConfigResult> results_;
  std::vector<std::string> configNames_;
  int shown_ = -1;
  int runsDone_ = 0;
  int runsTotal_ = 0;
  int currentConfig_ = -1;
  int currentRun_ = 0;
  bool secondPass_ = false;
  // The ops of the running run so far, and of the configuration's first run once it ended (the
  // total the later runs are measured against; 0: not known yet).
  qint64 runOps_ = 0;
  qint64 expectedOps_ = 0;
  QElapsedTimer runClock_;
};

}  // namespace detbench::gui
