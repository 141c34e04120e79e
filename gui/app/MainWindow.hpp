#pragma once
// The workbench window: docks for the op catalog, the op's parameters and device, the settings,
// the log and the environment; the run, compare, demos, invariance and trace views in the
// centre; the menus and tool bar (WindowActions). It wires widgets to controllers and holds no
// logic of its own beyond that. Its parts: MainWindow.cpp (runs and demos), MainWindowLayout.cpp
// (the panels and their sizes), MainWindowProject.cpp (the project: new, open, save, recovery,
// the title), MainWindowExports.cpp (the exports), MainWindowTrace.cpp (the Trace tab's way into
// the workbench).

#include <QMainWindow>
#include <functional>
#include <memory>
#include <optional>

#include "detbench/report/Report.hpp"
#include "detbench/run/Invariance.hpp"
#include "project/Project.hpp"
#include "widgets/HelpDialog.hpp"
#include "widgets/RunViewWidget.hpp"

class QLabel;
class QProgressBar;
class QScrollArea;
class QTabWidget;
class QTableView;
class QToolButton;

namespace detbench::gui {

class CompareController;
class CompareWidget;
class DemoController;
class DemosWidget;
class DeviceSelectorWidget;
class CatalogChangesWidget;
class EnvironmentWidget;
class InvarianceController;
class InvarianceWidget;
class LanguageController;
class LogWidget;
class OpCatalogModel;
class OpParamsWidget;
class OpSelectorWidget;
class SlurmJobsDialog;
class ProjectController;
class PythonChoice;
class RunController;
class SettingsWidget;
class TabPanels;
class TraceController;
class TraceWidget;
class WindowActions;
struct RunPlan;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  MainWindow(std::shared_ptr<const BackendRegistry> registry, LanguageController* language,
             QWidget* parent = nullptr);
  ~MainWindow() override;

  // What the window shows, as a project; and the reverse (MainWindowProject.cpp).
  Project project() const;
  void applyProject(const Project& project);
  bool openProject(const QString& path, QString* error);

  // The run the form describes: the op, its parameters, the device (on the remote host when one
  // is chosen), the settings, trials, warm-up and data seed. What the run and the project both
  // read. A field that is invalid keeps its default here: currentPlan() refuses such a form.
  RunRequest currentRequest() const;
  // The plan the form describes (nullopt, with the reason in the status bar, the log and `why`,
  // when invalid).
  std::optional<RunPlan> currentPlan(bool compare, QString* why = nullptr);
  // The device as the log and the run view name it ("cuda on me@gpu-box"); for a remote
  // host, logs where it connects.
  QString deviceAnnounced(const RunPlan& plan);
  // Start a run or a comparison of the form's plan. When one starts, it ends in the run
  // controller's finished() or failed(); false, with the reason in `why`, when none starts (an
  // invalid plan, or a run in progress).
  bool startRun(QString* why = nullptr);
  bool startCompare(QString* why = nullptr);
  // Shows the Invariance tab and starts a run of its default list on `axis`; false with the
  // reason when none starts.
  bool startInvariance(InvarianceAxis axis, QString* why = nullptr);
  // Shows the Demos tab and runs the named scenario; false, with the reason in `why`, when there
  // is no such scenario or one is running already.
  bool startDemo(const QString& name, QString* why = nullptr);
  // Shows the Trace tab and traces `script` ("example": the example that ships with detbench,
  // with the lesson's settings); false, with the reason in `why`, when none starts.
  bool startTrace(const QString& script, QString* why = nullptr);
  // Opens the Demos tab's recipe check, with the recipe of `file` when it is not empty; false
  // with the reason when the file cannot be read.
  bool showRecipeCheck(const QString& file, QString* why);
  // Opens Help on `page` (the guide or the glossary) in the interface's language.
  HelpDialog* showHelp(HelpDialog::Page page);
  // Opens the Slurm batch jobs window, listing `folder` where it is not empty.
  SlurmJobsDialog* showSlurmJobs(const QString& folder);
  // False when the catalog has no such op (the selection stays).
  bool selectOp(const QString& op);
  // A cause of the Trace tab in the workbench: `op` with the traced shapes, on the torch device
  // of the kind the trace saw it on (`tracedDevice`: "cpu", "cuda:0"), with the settings the
  // configuration ran with, the run view emptied. Where that torch device is not available, the
  // nearest device that is (cuda for a CUDA trace, else cpu-threads) and a note in the log and the
  // status bar saying so. Returns the device chosen (empty when the catalog has no such op).
  QString openTracedOp(const QString& op, const OpParams& params, const QString& tracedDevice,
                       const Settings& settings);
  void showCompareView();
  void showRunView();

  // Sizes the window and its panels for a screen of `available` size, as the first start does
  // for its screen (and tests for any).
  void fitToScreen(const QSize& available);

  // For tests and the scripted start.
  RunController* runController() const { return runner_; }
  RunViewWidget* runView() const { return runView_; }
  CompareWidget* compareView() const { return compareView_; }
  DemosWidget* demosView() const { return demosView_; }
  DemoController* demoController() const { return demos_; }
  InvarianceController* invarianceController() const { return invariance_; }
  TraceController* traceController() const { return trace_; }
  InvarianceWidget* invarianceView() const { return invarianceView_; }
  TraceWidget* traceView() const { return traceView_; }
  SettingsWidget* settingsWidget() const { return settings_; }
  PythonChoice* pythonChoice() const { return python_; }
  OpParamsWidget* paramsWidget() const { return params_; }
  DeviceSelectorWidget* deviceSelector() const { return devices_; }
  LogWidget* logWidget() const { return log_; }
  ProjectController* projectController() const { return projects_; }
  WindowActions* actions() const { return actions_; }
  const std::optional<ReportDocument>& lastRun() const { return lastRun_; }
  const std::optional<ReportDocument>& lastCompare() const { return lastCompare_; }

 protected:
  void closeEvent(QCloseEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void buildTabs();
  // The layout (MainWindowLayout.cpp): the panels, their widths, the first size, per tab.
  void buildDocks();
  void fitPanels();
  void placeWindow();
  void saveLayout() const;
  void connectActions();
  void connectRunner();
  void connectDemos();
  void retranslate();
  void setRunning(bool running);
  // After a run that raised: the next steps the run view offers, from the catalog and the form.
  RunViewWidget::NextSteps nextSteps(const RunResult& r) const;
  // Changes the settings as a next step says, then runs again.
  void rerunWith(const std::function<void(Settings&)>& change);
  void showCatalogEntry(const QString& op);

  // Project handling (MainWindowProject.cpp).
  void connectProject();
  // The status bar's Python: one interpreter for the trace, its lesson and the catalog
  // (MainWindowPython.cpp).
  void connectPython();
  void showPython();
  void choosePython();
  void updateTitle();
  bool maybeSave();
  void newProject();
  void openDialog();
  void openRecent(const QString& path);
  bool saveProject(bool askPath);
  void offerRecovery();

  // Exports (MainWindowExports.cpp).
  void exportReport();
  void exportInvariance();
  void exportTrace();
  // The save dialog of the report exports: a path whose ending names a format, or empty (the
  // dialog was cancelled, or the ending names none: said in a message).
  QString askExportPath(const QString& title, const QString& name, const QString& filter);
  // After an export: the error in a message and the log, or "Exported PATH".
  void exportWritten(bool written, const QString& path, const QString& error);
  void exportPlots();
  void exportDemo();
  void copyMarkdown();
  void exportForPyTorch();
  const ReportDocument* currentReport() const;

  std::shared_ptr<const BackendRegistry> registry_;
  LanguageController* language_;
  RunController* runner_;
  DemoController* demos_;
  InvarianceController* invariance_;
  TraceController* trace_;
  CompareController* compare_;
  ProjectController* projects_;
  WindowActions* actions_;
  PythonChoice* python_;

  // The form: the op, its parameters and device, the settings.
  SettingsWidget* settings_;
  OpSelectorWidget* opSelector_;
  OpParamsWidget* params_;
  DeviceSelectorWidget* devices_;
  OpCatalogModel* catalogModel_;
  QTableView* catalogView_;
  // The panels around it.
  LogWidget* log_;
  EnvironmentWidget* environment_;
  CatalogChangesWidget* catalogChanges_;
  std::vector<class QDockWidget*> docks_;
  QScrollArea* opArea_;
  QScrollArea* settingsArea_;
  TabPanels* panels_;
  // The views in the centre.
  QTabWidget* tabs_;
  RunViewWidget* runView_;
  CompareWidget* compareView_;
  DemosWidget* demosView_;
  InvarianceWidget* invarianceView_;
  TraceWidget* traceView_;
  QProgressBar* progress_;
  QLabel* rate_;
  QToolButton* pythonButton_ = nullptr;
  HelpDialog* help_ = nullptr;
  SlurmJobsDialog* slurmJobs_ = nullptr;

  std::optional<ReportDocument> lastRun_;
  std::optional<ReportDocument> lastCompare_;
  // The op the form shows: another op empties the run view (its verdict was the other op's).
  QString formOp_;
};

}  // namespace detbench::gui
