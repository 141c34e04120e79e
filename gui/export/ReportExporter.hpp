#pragma once
// Writes a report in every format a person asks for: HTML (self-contained, plots embedded),
// PDF, Markdown and JSON (the core's, so the GUI and `detbench` agree byte for byte), and CSV
// of the trials. Every format is rendered to bytes first and then written through FileWriter
// (atomically, or through to a device); a failure returns false with a message. The HTML and
// PDF open with the takeaway, then each run or configuration with its plots; the digests go to
// an appendix, cut after a few rows (the CSV keeps every trial).

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>
#include <vector>

#include "detbench/report/Report.hpp"

namespace detbench::gui {

struct RenderedPlot;

class ReportExporter {
  Q_DECLARE_TR_FUNCTIONS(ReportExporter)

 public:
  enum class Format { Html, Pdf, Markdown, Json, Csv };

  static QByteArray render(Format format, const ReportDocument& report);
  static bool write(Format format, const QString& path, const ReportDocument& report,
                    QString* error);
  // The format a file name asks for (by extension), or nullopt.
  static std::optional<Format> formatForPath(const QString& path);

  // The HTML text; images as data: URIs (self-contained) or as "plot-NAME.png" resources.
  enum class Images { Embedded, Resources };
  static QString html(const ReportDocument& report, Images images = Images::Embedded);
  static QString csv(const ReportDocument& report);
  static QString markdown(const ReportDocument& report);
  static QString json(const ReportDocument& report);
  // The lines a report opens with: per run (or configuration) reproducible or not and by how
  // much, then what to set.
  static QStringList takeaway(const ReportDocument& report);

 private:
  // How much of the report's text the HTML shows: strings cut past `text` characters, lists
  // (warnings, errors, devices) past `rows` items; 0: all. (The distinct outputs are cut at
  // kDigestRows in every format.)
  struct Limits {
    std::size_t text;
    std::size_t rows;
  };
  // The HTML around plots rendered once by the caller.
  static QString htmlWithPlots(const ReportDocument& report, const std::vector<RenderedPlot>& plots,
                               Images images, const Limits& limits);
  static QByteArray pdf(const ReportDocument& report);
};

}  // namespace detbench::gui
