#pragma once
// The workbench window: docks for the op catalog, the op's parameters and device, the settings,
// the log and the environment; the run and compare views in the centre; menus and a tool bar
// for runs, projects, exports and the language. It wires widgets to controllers and holds no
// logic of its own beyond that.

#include <QMainWindow>
#include <memory>
#include <optional>

#include "detbench/report/Report.hpp"
#include "detbench/run/Invariance.hpp"
#include "project/Project.hpp"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QTableView;

namespace detbench::gui {

class CompareWidget;
class DemoController;
class DemosWidget;
class DeviceSelectorWidget;
class CatalogChangesWidget;
class EnvironmentWidget;
class InvarianceWidget;
class LanguageController;
class LogWidget;
class OpCatalogModel;
class OpParamsWidget;
class OpSelectorWidget;
class ProjectController;
class RunController;
class RunViewWidget;
class SettingsWidget;
struct RunPlan;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  MainWindow(std::shared_ptr<const BackendRegistry> registry, LanguageController* language,
             QWidget* parent = nullptr);
  ~MainWindow() override;

  // What the window shows, as a project; and the reverse.
  Project project() const;
  void applyProject(const Project& project);
  bool openProject(const QString& path, QString* error);

  // For tests and scripted screenshots.
  RunController* runController() const { return runner_; }
  RunViewWidget* runView() const { return runView_; }
  CompareWidget* compareView() const { return compareView_; }
  DemosWidget* demosView() const { return demosView_; }
  DemoController* demoController() const { return demos_; }
  InvarianceWidget* invarianceView() const { return invarianceView_; }
  // Shows the Invariance tab and starts a run of its default list on `axis`; false with the
  // reason when none starts.
  bool startInvariance(InvarianceAxis axis, QString* why = nullptr);
  // Shows the Demos tab and runs the named scenario; false, with the reason in `why`, when there
  // is no such scenario or one is running already.
  // Opens the Demos tab's recipe check, with the recipe of `file` when it is not empty; false
  // with the reason when the file cannot be read.
  bool showRecipeCheck(const QString& file, QString* why);
  bool startDemo(const QString& name, QString* why = nullptr);
  SettingsWidget* settingsWidget() const { return settings_; }
  OpParamsWidget* paramsWidget() const { return params_; }
  LogWidget* logWidget() const { return log_; }
  ProjectController* projectController() const { return projects_; }
  const std::optional<ReportDocument>& lastRun() const { return lastRun_; }
  const std::optional<ReportDocument>& lastCompare() const { return lastCompare_; }
  // False when the catalog has no such op (the selection stays).
  bool selectOp(const QString& op);
  void showCompareView();
  void showRunView();
  // The plan the form describes (nullopt, with the reason in the status bar, the log and `why`,
  // when invalid).
  // The device as the log and the run view name it ("cuda on me@gpu-box"); for a remote
  // host, logs where it connects.
  QString deviceAnnounced(const RunPlan& plan);
  std::optional<RunPlan> currentPlan(bool compare, QString* why = nullptr);
  // Start a run or a comparison of the form's plan. When one starts, it ends in the run
  // controller's finished() or failed(); false, with the reason in `why`, when none starts (an
  // invalid plan, or a run in progress).
  bool startRun(QString* why = nullptr);
  bool startCompare(QString* why = nullptr);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void buildActions();
  void buildMenus();
  void buildDocks();
  void connectRunner();
  void retranslate();
  void updateTitle();
  void updateRecentMenu();
  void setRunning(bool running);
  bool maybeSave();
  void newProject();
  void openDialog();
  bool saveProject(bool askPath);
  void exportReport();
  void exportInvariance();
  // The save dialog of the report exports: a path whose ending names a format, or empty (the
  // dialog was cancelled, or the ending names none: said in a message).
  QString askExportPath(const QString& title, const QString& name, const QString& filter);
  // After an export: the error in a message and the log, or "Exported PATH".
  void exportWritten(bool written, const QString& path, const QString& error);
  void exportPlots();
  void connectDemos();
  void exportDemo();
  void copyMarkdown();
  void exportForPyTorch();
  void offerRecovery();
  const ReportDocument* currentReport() const;

  std::shared_ptr<const BackendRegistry> registry_;
  LanguageController* language_;
  RunController* runner_;
  DemoController* demos_;
  ProjectController* projects_;

  SettingsWidget* settings_;
  OpSelectorWidget* opSelector_;
  OpParamsWidget* params_;
  DeviceSelectorWidget* devices_;
  OpCatalogModel* catalogModel_;
  QTableView* catalogView_;
  LogWidget* log_;
  EnvironmentWidget* environment_;
  CatalogChangesWidget* catalogChanges_;
  RunViewWidget* runView_;
  CompareWidget* compareView_;
  QTabWidget* tabs_;
  DemosWidget* demosView_;
  InvarianceWidget* invarianceView_;
  QProgressBar* progress_;
  QLabel* rate_;
  std::vector<class QDockWidget*> docks_;

  QMenu* fileMenu_;
  QMenu* recentMenu_;
  QMenu* exportMenu_;
  QMenu* runMenu_;
  QMenu* viewMenu_;
  QMenu* languageMenu_;
  QMenu* helpMenu_;
  QAction* newAction_;
  QAction* openAction_;
  QAction* saveAction_;
  QAction* saveAsAction_;
  QAction* exportAction_;
  QAction* exportPlotsAction_;
  QAction* copyMarkdownAction_;
  QAction* exportPytorchAction_;
  QAction* quitAction_;
  QAction* runAction_;
  QAction* compareAction_;
  QAction* cancelAction_;
  QAction* englishAction_;
  QAction* chineseAction_;
  QAction* aboutAction_;

  std::optional<ReportDocument> lastRun_;
  std::optional<ReportDocument> lastCompare_;
  bool comparing_ = false;
};

}  // namespace detbench::gui
