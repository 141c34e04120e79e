// `detbench report RUN.json --html OUT.html --pdf OUT.pdf`: the GUI's HTML and PDF reports,
// rendered without a window (Qt's offscreen platform). Built only with the GUI.

#include <QApplication>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/Error.hpp"
#include "detbench/ReportJsonReader.hpp"
#include "export/ReportExporter.hpp"

namespace detbench::cli {

int reportCommand(const CliStreams& io, const std::string& input, const std::string& html,
                  const std::string& pdf) {
  if (html.empty() && pdf.empty()) {
    io.err << "detbench: report: give --html OUT.html and/or --pdf OUT.pdf\n";
    return kExitUsage;
  }
  const ReportDocument report = readReportFile(input);  // raises with the file's name
  qputenv("QT_QPA_PLATFORM", "offscreen");
  int argc = 1;
  char name[] = "detbench";
  char* argv[] = {name, nullptr};
  QApplication app(argc, argv);
  const std::pair<std::string, gui::ReportExporter::Format> outputs[] = {
      {html, gui::ReportExporter::Format::Html}, {pdf, gui::ReportExporter::Format::Pdf}};
  for (const auto& [path, format] : outputs) {
    if (path.empty()) continue;
    QString error;
    if (!gui::ReportExporter::write(format, QString::fromStdString(path), report, &error)) {
      io.err << "detbench: " << error.toStdString() << "\n";
      return kExitUsage;
    }
    io.out << (format == gui::ReportExporter::Format::Html ? "HTML: " : "PDF: ") << path << "\n";
  }
  return kExitOk;
}

}  // namespace detbench::cli
