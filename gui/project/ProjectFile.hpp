#pragma once
// Reading and writing .detbench project files (JSON; format "detbench-project", version 1; the
// results are embedded as report JSON of the core schema). Writes go through FileWriter
// (atomic for files); reads are bounded (InputFiles.hpp) and every field is checked, so a
// damaged, foreign or hostile file is refused with a message and nothing on disk changes.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <optional>

#include "project/Project.hpp"

namespace detbench::gui {

class ProjectFile {
  Q_DECLARE_TR_FUNCTIONS(ProjectFile)

 public:
  static constexpr int kVersion = 1;
  static QByteArray serialize(const Project& project);
  // nullopt with the reason in `error`.
  static std::optional<Project> parse(const QByteArray& bytes, QString* error);
  static bool save(const QString& path, const Project& project, QString* error);
  static std::optional<Project> load(const QString& path, QString* error);
};

}  // namespace detbench::gui
