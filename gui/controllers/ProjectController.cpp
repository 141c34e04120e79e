#include "controllers/ProjectController.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include "project/ProjectFile.hpp"

namespace detbench::gui {

ProjectController::ProjectController(std::function<Project()> snapshot, QObject* parent)
    : QObject(parent), snapshot_(std::move(snapshot)), autosaveTimer_(new QTimer(this)) {
  autosaveTimer_->setInterval(60 * 1000);
  connect(autosaveTimer_, &QTimer::timeout, this, [this] {
    if (dirty_) autosaveNow();
  });
  autosaveTimer_->start();
}

ProjectController::~ProjectController() = default;

void ProjectController::markDirty() {
  if (dirty_) return;
  dirty_ = true;
  emit dirtyChanged(true);
}

void ProjectController::markClean(const QString& path) {
  const bool pathChanged_ = path != path_;
  path_ = path;
  dirty_ = false;
  emit dirtyChanged(false);
  if (pathChanged_) emit pathChanged(path_);
}

bool ProjectController::save(const QString& path, QString* error) {
  if (!ProjectFile::save(path, snapshot_(), error)) return false;
  markClean(path);
  addRecentFile(path);
  discardAutosave();
  return true;
}

std::optional<Project> ProjectController::open(const QString& path, QString* error) {
  auto project = ProjectFile::load(path, error);
  if (project) addRecentFile(path);
  return project;
}

QString ProjectController::autosavePath() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  return dir + QStringLiteral("/autosave.detbench");
}

bool ProjectController::autosaveNow() {
  QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
  return ProjectFile::save(autosavePath(), snapshot_(), nullptr);
}

std::optional<Project> ProjectController::recoverable(QString* savedAt) {
  const QFileInfo info(autosavePath());
  if (!info.exists()) return std::nullopt;
  if (savedAt) *savedAt = info.lastModified().toString(Qt::ISODate);
  QString error;
  auto project = ProjectFile::load(info.absoluteFilePath(), &error);
  if (!project) discardAutosave();  // unreadable: nothing to offer
  return project;
}

void ProjectController::discardAutosave() {
  QFile::remove(autosavePath());
}

QStringList ProjectController::recentFiles() const {
  return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void ProjectController::addRecentFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = recentFiles();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaxRecent) files.removeLast();
  QSettings().setValue(QStringLiteral("recentFiles"), files);
  emit recentFilesChanged();
}

}  // namespace detbench::gui
