#pragma once
// Writes a trace in the formats the Trace tab exports: JSON and Markdown (the core's, as
// `detbench trace` writes them) and the causes as CSV, a line per cause. The plot's PNG and SVG
// are the plot widget's own.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include "detbench/trace/TraceReport.hpp"

namespace detbench::gui {

class TraceExporter {
  Q_DECLARE_TR_FUNCTIONS(TraceExporter)

 public:
  static QByteArray json(const trace::TraceDocument& document);
  static QByteArray markdown(const trace::TraceDocument& document);
  static QByteArray causesCsv(const trace::TraceDocument& document);
  // By the path's suffix: .md Markdown, .csv the causes, anything else JSON.
  static bool write(const QString& path, const trace::TraceDocument& document, QString* error);
};

}  // namespace detbench::gui
