#include "common/FileWriter.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"

namespace detbench::gui {

bool FileWriter::write(const QString& path, const QByteArray& bytes, QString* error) {
  return writeAll({{path, bytes}}, error);
}

bool FileWriter::writeAll(const QList<QPair<QString, QByteArray>>& files, QString* error) {
  try {
    OutputBatch batch;
    for (const auto& [path, bytes] : files) {
      batch.add(path.toStdString(), bytes.toStdString());
    }
    batch.commit();
    return true;
  } catch (const Error& e) {
    if (error) *error = tr("Nothing was written. %1").arg(QString::fromStdString(e.message()));
    return false;
  }
}

}  // namespace detbench::gui
