#pragma once
// The project's life: the current file, unsaved changes, autosave to the application's data
// folder (every minute and after each run) and its recovery after a crash, and the recent
// files list (QSettings).

#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

#include "project/Project.hpp"

class QTimer;

namespace detbench::gui {

class ProjectController : public QObject {
  Q_OBJECT

 public:
  // `snapshot` gives the project as the window shows it now.
  ProjectController(std::function<Project()> snapshot, QObject* parent = nullptr);
  ~ProjectController() override;

  QString path() const { return path_; }
  bool isDirty() const { return dirty_; }
  void markDirty();
  void markClean(const QString& path);

  bool save(const QString& path, QString* error);
  std::optional<Project> open(const QString& path, QString* error);

  // Autosave: where it goes, writing it now, and what a crashed session left behind.
  static QString autosavePath();
  bool autosaveNow();
  // A project left by a session that did not end cleanly, if any.
  static std::optional<Project> recoverable(QString* savedAt);
  static void discardAutosave();

  QStringList recentFiles() const;
  void addRecentFile(const QString& path);
  static constexpr int kMaxRecent = 8;

 signals:
  void dirtyChanged(bool dirty);
  void pathChanged(const QString& path);
  void recentFilesChanged();

 private:
  std::function<Project()> snapshot_;
  QString path_;
  bool dirty_ = false;
  QTimer* autosaveTimer_;
};

}  // namespace detbench::gui
