#include "app/WindowActions.hpp"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

namespace detbench::gui {

namespace {

QAction* makeAction(QObject* parent, const char* icon, const QKeySequence& key) {
  auto* a = new QAction(parent);
  if (icon) a->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(icon))));
  if (!key.isEmpty()) a->setShortcut(key);
  return a;
}

}  // namespace

WindowActions::WindowActions(QMainWindow* window)
    : QObject(window),
      newProject(makeAction(window, "new", QKeySequence::New)),
      open(makeAction(window, "open", QKeySequence::Open)),
      save(makeAction(window, "save", QKeySequence::Save)),
      saveAs(makeAction(window, nullptr, QKeySequence::SaveAs)),
      exportReport(makeAction(window, "export", QKeySequence(Qt::CTRL | Qt::Key_E))),
      exportPlots(makeAction(window, nullptr, QKeySequence())),
      copyMarkdown(makeAction(window, nullptr, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C))),
      exportPytorch(makeAction(window, nullptr, QKeySequence())),
      quit(makeAction(window, nullptr, QKeySequence::Quit)),
      run(makeAction(window, "run", QKeySequence(Qt::CTRL | Qt::Key_R))),
      compare(makeAction(window, "compare", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R))),
      cancel(makeAction(window, "cancel", QKeySequence(Qt::Key_Escape))),
      slurmJobs(makeAction(window, nullptr, QKeySequence())),
      english(makeAction(window, nullptr, QKeySequence())),
      chinese(makeAction(window, nullptr, QKeySequence())),
      guide(makeAction(window, nullptr, QKeySequence::HelpContents)),
      glossary(makeAction(window, nullptr, QKeySequence())),
      about(makeAction(window, nullptr, QKeySequence())),
      window_(window) {
  run->setObjectName(QStringLiteral("runAction"));
  compare->setObjectName(QStringLiteral("compareAction"));
  cancel->setEnabled(false);
  auto* group = new QActionGroup(this);
  for (QAction* a : {english, chinese}) {
    a->setCheckable(true);
    group->addAction(a);
  }
  connect(english, &QAction::triggered, this,
          [this] { emit languageChosen(QStringLiteral("en")); });
  connect(chinese, &QAction::triggered, this,
          [this] { emit languageChosen(QStringLiteral("zh_CN")); });
}

void WindowActions::buildMenus(const std::vector<QDockWidget*>& panels) {
  QMenuBar* bar = window_->menuBar();
  fileMenu_ = bar->addMenu(QString());
  fileMenu_->addAction(newProject);
  fileMenu_->addAction(open);
  recentMenu_ = fileMenu_->addMenu(QString());
  fileMenu_->addAction(save);
  fileMenu_->addAction(saveAs);
  fileMenu_->addSeparator();
  fileMenu_->addAction(exportReport);
  fileMenu_->addAction(exportPlots);
  fileMenu_->addAction(copyMarkdown);
  fileMenu_->addAction(exportPytorch);
  fileMenu_->addSeparator();
  fileMenu_->addAction(quit);
  runMenu_ = bar->addMenu(QString());
  runMenu_->addAction(run);
  runMenu_->addAction(compare);
  runMenu_->addAction(cancel);
  runMenu_->addSeparator();
  runMenu_->addAction(slurmJobs);
  viewMenu_ = bar->addMenu(QString());
  for (QDockWidget* d : panels) viewMenu_->addAction(d->toggleViewAction());
  languageMenu_ = bar->addMenu(QString());
  languageMenu_->addAction(english);
  languageMenu_->addAction(chinese);
  helpMenu_ = bar->addMenu(QString());
  helpMenu_->addAction(guide);
  helpMenu_->addAction(glossary);
  helpMenu_->addSeparator();
  helpMenu_->addAction(about);

  auto* toolbar = window_->addToolBar(QString());
  toolbar->setObjectName(QStringLiteral("mainToolBar"));
  toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toolbar->addAction(run);
  toolbar->addAction(compare);
  toolbar->addAction(cancel);
  toolbar->addSeparator();
  toolbar->addAction(open);
  toolbar->addAction(save);
  toolbar->addAction(exportReport);
  setRecentFiles(recent_);
}

void WindowActions::retranslate() {
  fileMenu_->setTitle(tr("&File"));
  recentMenu_->setTitle(tr("Open &recent"));
  runMenu_->setTitle(tr("&Run"));
  viewMenu_->setTitle(tr("&View"));
  languageMenu_->setTitle(tr("&Language"));
  helpMenu_->setTitle(tr("&Help"));
  newProject->setText(tr("&New project"));
  open->setText(tr("&Open…"));
  save->setText(tr("&Save"));
  saveAs->setText(tr("Save &as…"));
  exportReport->setText(tr("&Export report…"));
  exportReport->setToolTip(
      tr("HTML, PDF, Markdown, JSON or CSV: the comparison on the Compare tab, the last run on "
         "the others (the Invariance tab: its run; the Trace tab: the trace, as JSON, Markdown, "
         "CSV of its causes, or its plot)"));
  exportPlots->setText(tr("Export &plots (PNG and SVG)…"));
  copyMarkdown->setText(tr("&Copy as Markdown"));
  exportPytorch->setText(tr("Export for &PyTorch…"));
  exportPytorch->setToolTip(
      tr("A Python script and the inputs that repeat this run in PyTorch, for a bug report"));
  quit->setText(tr("&Quit"));
  run->setText(tr("Run"));
  run->setToolTip(tr("Run the op's trials with the current settings (Ctrl+R)"));
  compare->setText(tr("Compare"));
  compare->setToolTip(tr("Run the checked configurations side by side (Ctrl+Shift+R)"));
  cancel->setText(tr("Cancel"));
  slurmJobs->setText(tr("Slurm &batch jobs…"));
  slurmJobs->setToolTip(
      tr("The jobs that --slurm-batch submitted: their state, Cancel, and their reports"));
  english->setText(QStringLiteral("English"));
  chinese->setText(QStringLiteral("简体中文"));
  guide->setText(tr("&Guide: from what you see to what to set"));
  glossary->setText(tr("G&lossary"));
  about->setText(tr("&About detbench"));
}

void WindowActions::setRunning(bool running) {
  run->setEnabled(!running);
  compare->setEnabled(!running);
  cancel->setEnabled(running);
}

void WindowActions::setLanguage(const QString& language) {
  english->setChecked(language == QLatin1String("en"));
  chinese->setChecked(language == QLatin1String("zh_CN"));
}

void WindowActions::setRecentFiles(const QStringList& files) {
  recent_ = files;
  if (!recentMenu_) return;
  recentMenu_->clear();
  for (const QString& f : files) {
    QAction* a = recentMenu_->addAction(QFileInfo(f).fileName());
    a->setToolTip(f);
    connect(a, &QAction::triggered, this, [this, f] { emit recentFileChosen(f); });
  }
  recentMenu_->setEnabled(!files.isEmpty());
}

}  // namespace detbench::gui
