// The main window's exports: the report (HTML, PDF, Markdown, JSON, CSV), the invariance run,
// the trace (its own formats), the script and inputs for PyTorch, the plots, the demo, and the
// report (or the trace) as Markdown on the clipboard.

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

#include "app/MainWindow.hpp"
#include "common/Text.hpp"
#include "controllers/DemoController.hpp"
#include "controllers/LanguageController.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/demo/ScenarioReport.hpp"
#include "detbench/export/PyTorchExport.hpp"
#include "detbench/export/PyTorchScript.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Environment.hpp"
#include "export/InvarianceExporter.hpp"
#include "export/ReportExporter.hpp"
#include "plot/PlotWidget.hpp"
#include "widgets/CompareWidget.hpp"
#include "widgets/DemosWidget.hpp"
#include "widgets/InvarianceWidget.hpp"
#include "widgets/LogWidget.hpp"
#include "widgets/RunViewWidget.hpp"
#include "widgets/TraceWidget.hpp"

namespace detbench::gui {

QString MainWindow::askExportPath(const QString& title, const QString& name,
                                  const QString& filter) {
  const QString path = QFileDialog::getSaveFileName(this, title, name, filter);
  if (path.isEmpty() || ReportExporter::formatForPath(path)) return path;
  QMessageBox::warning(this, tr("Cannot export"),
                       tr("Choose a file ending in .html, .pdf, .md, .json or .csv."));
  return {};
}

void MainWindow::exportWritten(bool written, const QString& path, const QString& error) {
  if (!written) {
    QMessageBox::warning(this, tr("Cannot export"), error);
    log_->append(LogWidget::Level::Error, error);
    return;
  }
  log_->append(LogWidget::Level::Info, tr("Exported %1").arg(path));
  statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

const ReportDocument* MainWindow::currentReport() const {
  const bool compare = tabs_->currentWidget() == compareView_;
  const auto& doc = compare ? lastCompare_ : lastRun_;
  return doc ? &*doc : nullptr;
}

void MainWindow::exportInvariance() {
  if (invarianceView_->outcomes().empty()) {
    QMessageBox::information(this, tr("Nothing to export"), tr("Run an invariance check first."));
    return;
  }
  const QString path = askExportPath(
      tr("Export invariance report"), QStringLiteral("detbench-invariance.html"),
      tr("HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json);;CSV of the configurations "
         "(*.csv)"));
  if (path.isEmpty()) return;
  const auto format = ReportExporter::formatForPath(path);
  // A remote run's exports carry that machine's environment.
  const auto& outcomes = invarianceView_->outcomes();
  InvarianceExport shown{invarianceView_->shownRequest(), outcomes,
                         outcomes.front().remoteContext ? *outcomes.front().remoteContext
                                                        : collectEnvironment(*registry_),
                         invarianceView_->plot()->toPng(1200, 600)};
  QString error;
  exportWritten(InvarianceExporter::write(*format, path, shown, &error), path, error);
}

void MainWindow::exportReport() {
  if (tabs_->currentWidget() == invarianceView_) {
    exportInvariance();
    return;
  }
  if (tabs_->currentWidget() == traceView_) {
    exportTrace();
    return;
  }
  const ReportDocument* report = currentReport();
  if (!report) {
    QMessageBox::information(this, tr("Nothing to export"),
                             tr("Run the op (or a comparison) first."));
    return;
  }
  // The dialog says which of the two it saves: the comparison, or the last run.
  const bool compare = report == (lastCompare_ ? &*lastCompare_ : nullptr);
  const QString path = askExportPath(
      compare ? tr("Export report: the comparison (%n configurations)", "",
                   static_cast<int>(report->runs.size()))
              : tr("Export report: the last run"),
      compare ? QStringLiteral("detbench-compare.html") : QStringLiteral("detbench-run.html"),
      tr("HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json);;CSV of the trials (*.csv)"));
  if (path.isEmpty()) return;
  const auto format = ReportExporter::formatForPath(path);
  QString error;
  exportWritten(ReportExporter::write(*format, path, *report, &error), path, error);
}

void MainWindow::exportForPyTorch() {
  const ReportDocument* report = currentReport();
  if (!report || report->runs.empty()) {
    QMessageBox::information(this, tr("Nothing to export"),
                             tr("Run the op (or a comparison) first."));
    return;
  }
  // A comparison: its first configuration that PyTorch can repeat.
  const RunResult* run = nullptr;
  for (const auto& r : report->runs) {
    if (!exporting::whyNotExportable(r)) {
      run = &r;
      break;
    }
  }
  if (!run) {
    QMessageBox::information(
        this, tr("Cannot export for PyTorch"),
        tr("This run cannot be repeated in PyTorch: %1")
            .arg(QString::fromStdString(*exporting::whyNotExportable(report->runs.front()))));
    return;
  }
  const QString dir =
      QFileDialog::getExistingDirectory(this, tr("Export for PyTorch: choose an empty folder"));
  if (dir.isEmpty()) return;
  try {
    const auto written = exporting::writePyTorchExport(*run, dir.toStdString(), "the workbench");
    const QString message =
        tr("Wrote %1 and the inputs for %2 (%3); run it with: python3 %1")
            .arg(QString::fromStdString(written.script), QString::fromStdString(run->op),
                 QString::fromStdString(run->label));
    log_->append(LogWidget::Level::Info, message);
    statusBar()->showMessage(message, 8000);
  } catch (const Error& e) {
    const QString error = QString::fromUtf8(e.what());
    QMessageBox::warning(this, tr("Cannot export for PyTorch"), error);
    log_->append(LogWidget::Level::Error, error);
  }
}

void MainWindow::exportPlots() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Export plots to folder"));
  if (dir.isEmpty()) return;
  std::vector<PlotWidget*> plots =
      tabs_->currentWidget() == compareView_ ? std::vector<PlotWidget*>{compareView_->plot()}
      : tabs_->currentWidget() == demosView_ ? demosView_->visiblePlots()
      : tabs_->currentWidget() == invarianceView_
          ? std::vector<PlotWidget*>{invarianceView_->plot()}
      : tabs_->currentWidget() == traceView_ ? std::vector<PlotWidget*>{traceView_->plot()}
                                             : runView_->plots();
  for (PlotWidget* p : plots) {
    QString error;
    const QString base = dir + QLatin1Char('/') + p->exportName();
    if (!p->savePng(base + QStringLiteral(".png"), 1200, 700, &error) ||
        !p->saveSvg(base + QStringLiteral(".svg"), 1200, 700, &error)) {
      QMessageBox::warning(this, tr("Cannot export"), tr("Cannot write %1: %2").arg(base, error));
      return;
    }
  }
  log_->append(LogWidget::Level::Info, tr("Exported %1 plots to %2").arg(plots.size()).arg(dir));
}

void MainWindow::exportDemo() {
  if (!demos_->outcome()) return;
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export demo"),
      QStringLiteral("detbench-demo-%1.md").arg(qstr(demos_->scenario()->name)),
      tr("Markdown (*.md);;JSON with every number (*.json)"));
  if (path.isEmpty()) return;
  try {
    const auto& s = *demos_->scenario();
    const auto& o = *demos_->outcome();
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
      writeFileAtomically(path.toStdString(), demo::scenarioReportJson(s, o).dump(2) + "\n");
    } else {
      writeFileAtomically(path.toStdString(),
                          demo::scenarioReportMarkdown(s, o, language_->language().toStdString()));
    }
  } catch (const Error& e) {
    QMessageBox::warning(this, tr("Cannot export"), QString::fromStdString(e.message()));
    return;
  }
  log_->append(LogWidget::Level::Info, tr("Exported %1").arg(path));
}

void MainWindow::copyMarkdown() {
  if (tabs_->currentWidget() == traceView_) {
    const QString markdown = traceView_->markdown();
    if (markdown.isEmpty()) {
      statusBar()->showMessage(tr("No trace yet: press Trace first."), 5000);
      return;
    }
    QApplication::clipboard()->setText(markdown);
    statusBar()->showMessage(tr("The trace is on the clipboard as Markdown."), 5000);
    return;
  }
  const ReportDocument* report = currentReport();
  if (!report) {
    statusBar()->showMessage(tr("Run the op (or a comparison) first."), 5000);
    return;
  }
  QApplication::clipboard()->setText(ReportExporter::markdown(*report));
  statusBar()->showMessage(tr("The report is on the clipboard as Markdown."), 5000);
}

}  // namespace detbench::gui
