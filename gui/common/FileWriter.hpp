#pragma once
// Every file the workbench writes (exports, plots, projects, demo reports) goes through the
// core's output files (detbench/io/OutputFiles.hpp): a regular file is replaced atomically and
// keeps its permissions, a device or a pipe is written through and never replaced, and several
// files are written all or nothing. The message of a failure names the file and the reason.

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

namespace detbench::gui {

class FileWriter {
  Q_DECLARE_TR_FUNCTIONS(FileWriter)

 public:
  static bool write(const QString& path, const QByteArray& bytes, QString* error);
  // All of them, or none (what was made is removed when one fails).
  static bool writeAll(const QList<QPair<QString, QByteArray>>& files, QString* error);
};

}  // namespace detbench::gui
