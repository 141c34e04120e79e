// `detbench report RUN.json --html OUT.html --pdf OUT.pdf`: the GUI's HTML and PDF reports,
// rendered without a window (Qt's offscreen platform). Built only with the GUI. Both files are
// rendered first and written together: all or nothing.

#include <QApplication>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "OutputOptions.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/ReportJsonReader.hpp"
#include "export/ReportExporter.hpp"

namespace detbench::cli {

int reportCommand(const CliStreams& io, const std::string& input,
                  const std::optional<std::string>& html, const std::optional<std::string>& pdf) {
  DETBENCH_CHECK_ARG(html || pdf, "report: give --html OUT.html and/or --pdf OUT.pdf");
  checkOutputOptions({{"--html", html}, {"--pdf", pdf}}, {input});
  const ReportDocument report = readReportFile(input);  // raises with the file's name
  // As compare and export-pytorch: a report without a run has nothing to render.
  DETBENCH_CHECK_ARG(!report.runs.empty(), input + ": the report holds no run");
  qputenv("QT_QPA_PLATFORM", "offscreen");
  int argc = 1;
  char name[] = "detbench";
  char* argv[] = {name, nullptr};
  QApplication app(argc, argv);
  OutputBatch batch;
  if (html)
    batch.add(*html,
              gui::ReportExporter::render(gui::ReportExporter::Format::Html, report).toStdString());
  if (pdf)
    batch.add(*pdf,
              gui::ReportExporter::render(gui::ReportExporter::Format::Pdf, report).toStdString());
  io.out.flush();
  batch.commit();
  if (html) io.out << "HTML: " << *html << "\n";
  if (pdf) io.out << "PDF: " << *pdf << "\n";
  return kExitOk;
}

}  // namespace detbench::cli
