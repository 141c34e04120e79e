#include "export/TraceExporter.hpp"

#include <QFileInfo>
#include <string>

#include "common/FileWriter.hpp"
#include "detbench/report/Format.hpp"
#include "export/CsvField.hpp"

namespace detbench::gui {

using namespace trace;

QByteArray TraceExporter::json(const TraceDocument& document) {
  return QByteArray::fromStdString(
      traceToJson(document).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
      "\n");
}

QByteArray TraceExporter::markdown(const TraceDocument& document) {
  return QByteArray::fromStdString(traceToMarkdown(document));
}

QByteArray TraceExporter::causesCsv(const TraceDocument& document) {
  QByteArray csv =
      "configuration,op,thread,name,category,kind,file,line,function,runs,n_diff,elements,max_ulp,"
      "max_abs_diff,fix,command\n";
  const auto quote = [](const std::string& s) { return csvField(s); };
  for (const auto& c : document.result.configs) {
    for (const auto& cause : c.alignment.causes) {
      const CauseExplanation e =
          explainCause(cause, document.release.release, c.alignment.unseededGenerators);
      std::string runs;
      for (const int r : cause.runs) {
        if (!runs.empty()) runs += ' ';
        runs += std::to_string(r);
      }
      std::string diff = ",,,";
      if (const auto it = c.differences.find(causeId(cause));
          it != c.differences.end() && it->second.measured) {
        diff = std::to_string(it->second.diff.nDiff) + "," +
               std::to_string(it->second.diff.elements) + "," +
               std::to_string(it->second.diff.maxUlp) + "," +
               formatFloat(it->second.diff.maxAbsDiff);
      }
      const std::string line =
          quote(c.config.name) + "," + std::to_string(cause.seq) + "," +
          std::to_string(cause.thread) + "," + quote(cause.op.name) + "," +
          std::string(toString(cause.category)) + "," + std::string(toString(e.kind)) + "," +
          quote(cause.site ? cause.site->file : "") + "," +
          (cause.site ? std::to_string(cause.site->line) : std::string()) + "," +
          quote(cause.site ? cause.site->function : "") + "," + quote(runs) + "," + diff + "," +
          std::string(toString(e.fix)) + "," + quote(e.command) + "\n";
      csv += QByteArray::fromStdString(line);
    }
  }
  return csv;
}

bool TraceExporter::write(const QString& path, const TraceDocument& document, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  const QByteArray bytes = suffix == QLatin1String("md")    ? markdown(document)
                           : suffix == QLatin1String("csv") ? causesCsv(document)
                                                            : json(document);
  return FileWriter::write(path, bytes, error);
}

}  // namespace detbench::gui
