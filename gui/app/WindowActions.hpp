#pragma once
// The window's actions (projects, exports, runs, the language, help), the menus and the tool
// bar that hold them, and their texts in the current language. They only say that they were
// chosen: the window connects each to what it does.

#include <QObject>
#include <QStringList>
#include <vector>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace detbench::gui {

class WindowActions : public QObject {
  Q_OBJECT

 public:
  explicit WindowActions(QMainWindow* window);

  // Fills the window's menu bar and tool bar; the View menu toggles `panels`.
  void buildMenus(const std::vector<QDockWidget*>& panels);
  // The texts, in the language now installed.
  void retranslate();
  // Run and Compare off and Cancel on while something runs; the reverse after.
  void setRunning(bool running);
  // Checks the entry of `language` in the Language menu.
  void setLanguage(const QString& language);
  // The Open recent menu's entries (full paths; the menu shows their names).
  void setRecentFiles(const QStringList& files);

  QAction* const newProject;
  QAction* const open;
  QAction* const save;
  QAction* const saveAs;
  QAction* const exportReport;
  QAction* const exportPlots;
  QAction* const copyMarkdown;
  QAction* const exportPytorch;
  QAction* const quit;
  QAction* const run;
  QAction* const compare;
  QAction* const cancel;
  QAction* const slurmJobs;
  QAction* const english;
  QAction* const chinese;
  QAction* const guide;
  QAction* const glossary;
  QAction* const about;

 signals:
  void recentFileChosen(const QString& path);
  void languageChosen(const QString& language);

 private:
  QMainWindow* window_;
  QMenu* fileMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* runMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* languageMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QStringList recent_;
};

}  // namespace detbench::gui
