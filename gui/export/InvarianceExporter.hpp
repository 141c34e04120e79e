#pragma once
// Writes what the Invariance tab shows in every format a person asks for: HTML (self-contained,
// the plot embedded), PDF, Markdown and JSON (the core's, as `detbench invariance` writes them),
// and CSV with a line per configuration. With the default and the batch-invariant form side by
// side, each format holds both. Rendered to bytes first, then written through FileWriter.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <vector>

#include "controllers/InvarianceController.hpp"
#include "detbench/report/Environment.hpp"
#include "export/ReportExporter.hpp"

namespace detbench::gui {

struct InvarianceExport {
  RunRequest base;  // the request of the default form
  std::vector<InvarianceOutcome> outcomes;
  Environment context;
  QByteArray plotPng;  // the view's plot (HTML and PDF)
};

class InvarianceExporter {
  Q_DECLARE_TR_FUNCTIONS(InvarianceExporter)

 public:
  using Format = ReportExporter::Format;
  static QByteArray render(Format format, const InvarianceExport& data);
  static bool write(Format format, const QString& path, const InvarianceExport& data,
                    QString* error);

  static QString markdown(const InvarianceExport& data);
  static QString json(const InvarianceExport& data);
  static QString csv(const InvarianceExport& data);
  static QString html(const InvarianceExport& data, bool embedImage = true);
};

}  // namespace detbench::gui
