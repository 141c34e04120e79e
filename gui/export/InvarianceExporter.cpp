#include "export/InvarianceExporter.hpp"

#include <QBuffer>
#include <QImage>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include "common/FileWriter.hpp"
#include "common/Text.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/InvarianceJson.hpp"
#include "detbench/report/InvarianceMarkdown.hpp"
#include "detbench/report/ReportJson.hpp"
#include "export/CsvField.hpp"

namespace detbench::gui {

namespace {

// The request each outcome ran with: the base, with batch_invariant as the form says.
RunRequest requestOf(const InvarianceExport& d, const InvarianceOutcome& o) {
  RunRequest r = d.base;
  if (d.outcomes.size() > 1) r.params["batch_invariant"] = o.invariantForm ? 1 : 0;
  return r;
}

std::string headingOf(const InvarianceExport& d, const InvarianceOutcome& o) {
  if (d.outcomes.size() < 2) return "Invariance of " + d.base.op;
  return (o.invariantForm ? "Batch-invariant form of " : "Default form of ") + d.base.op;
}

QByteArray pdfOf(const InvarianceExport& d) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QTextDocument doc;
  if (!d.plotPng.isEmpty()) {
    doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("plot-invariance.png")),
                    QImage::fromData(d.plotPng, "PNG"));
  }
  doc.setHtml(InvarianceExporter::html(d, false));
  QPdfWriter writer(&buffer);
  writer.setTitle(QStringLiteral("detbench invariance report"));
  writer.setCreator(QStringLiteral("detbench"));
  writer.setPageSize(QPageSize(QPageSize::A4));
  writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
  writer.setResolution(150);
  doc.setPageSize(QSizeF(writer.width(), writer.height()));
  doc.print(&writer);
  return bytes;
}

}  // namespace

QString InvarianceExporter::markdown(const InvarianceExport& d) {
  std::string md = "# detbench invariance report\n\n";
  for (const auto& o : d.outcomes)
    md += invarianceToMarkdown(requestOf(d, o), o.result, headingOf(d, o));
  return QString::fromStdString(md);
}

QString InvarianceExporter::json(const InvarianceExport& d) {
  if (d.outcomes.size() == 1) {
    return QString::fromStdString(invarianceToJson(d.outcomes.front().result, d.context).dump(2) +
                                  "\n");
  }
  nlohmann::ordered_json j;
  j["format"] = "detbench-invariance-forms";
  j["schema_version"] = kInvarianceSchemaVersion;
  j["op"] = d.base.op;
  nlohmann::ordered_json forms = nlohmann::ordered_json::array();
  for (const auto& o : d.outcomes) {
    forms.push_back({{"batch_invariant", o.invariantForm},
                     {"invariance", invarianceToJson(o.result, d.context)}});
  }
  j["forms"] = std::move(forms);
  return QString::fromStdString(j.dump(2) + "\n");
}

QString InvarianceExporter::csv(const InvarianceExport& d) {
  QString out = QStringLiteral(
      "form,configuration,rows,device,threads,distinct_outputs,reproducible,median_time_ns,"
      "equal_to_first,max_ulp,n_diff,equal_to_one,max_ulp_to_one\n");
  for (const auto& o : d.outcomes) {
    const QString form = d.outcomes.size() < 2 ? QStringLiteral("")
                         : o.invariantForm     ? QStringLiteral("batch-invariant")
                                               : QStringLiteral("default");
    for (const auto& p : o.result.points) {
      const bool batches = o.result.axis == InvarianceAxis::Batches;
      QStringList f{form,
                    csvField(qstr(p.label)),
                    batches ? QString::number(p.rows) : QString(),
                    qstr(p.run.device),
                    QString::number(p.run.threads),
                    QString::number(p.run.summary.distinctDigests),
                    p.run.summary.reproducible ? QStringLiteral("true") : QStringLiteral("false"),
                    QString::number(p.run.summary.time.median, 'f', 0),
                    p.compared ? (p.equalToFirst ? QStringLiteral("true") : QStringLiteral("false"))
                               : QString(),
                    QString::number(p.diff.maxUlp),
                    QString::number(p.diff.nDiff),
                    batches && p.comparedToOne
                        ? (p.equalToOne ? QStringLiteral("true") : QStringLiteral("false"))
                        : QString(),
                    batches && p.comparedToOne ? QString::number(p.diffToOne.maxUlp) : QString()};
      out += f.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
  }
  return out;
}

QString InvarianceExporter::html(const InvarianceExport& d, bool embedImage) {
  QString h = QStringLiteral(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>detbench invariance "
      "report</title><style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}"
      "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px}"
      ".differs{color:#d62728}</style></head><body>\n");
  h += QStringLiteral("<h1>%1</h1>\n").arg(tr("detbench invariance report"));
  if (!d.plotPng.isEmpty()) {
    const QString src = embedImage ? QStringLiteral("data:image/png;base64,") +
                                         QString::fromLatin1(d.plotPng.toBase64())
                                   : QStringLiteral("plot-invariance.png");
    h += QStringLiteral("<p><img src=\"%1\" width=\"1000\"></p>\n").arg(src);
  }
  for (const auto& o : d.outcomes) {
    const InvarianceResult& r = o.result;
    const bool batches = r.axis == InvarianceAxis::Batches;
    h += QStringLiteral("<h2>%1</h2>\n").arg(qstr(headingOf(d, o)).toHtmlEscaped());
    h += QStringLiteral("<p>%1: <b>%2</b>; %3 %4</p>\n")
             .arg(tr("Measured"), qstr(toString(r.measured)), tr("axis"), qstr(toString(r.axis)));
    h += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th>%4<th>%5</th>%6</tr>\n")
             .arg(tr("configuration"), tr("run to run"), tr("median time"),
                  batches ? QStringLiteral("<th>%1</th>").arg(tr("per row")) : QString(),
                  tr("against the first"),
                  batches ? QStringLiteral("<th>%1</th>").arg(tr("row 0 against the row alone"))
                          : QString());
    auto against = [](bool compared, bool equal, const OutputDiff& diff) {
      if (!compared) return QStringLiteral("<td>-</td>");
      if (equal) return QStringLiteral("<td>%1</td>").arg(tr("identical"));
      return QStringLiteral("<td class=\"differs\">%1</td>")
          .arg(tr("%1 elements differ, max %2 ULP").arg(diff.nDiff).arg(diff.maxUlp));
    };
    for (const auto& p : r.points) {
      const RunSummary& s = p.run.summary;
      h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td>")
               .arg(qstr(p.label).toHtmlEscaped(),
                    p.run.failed()   ? qstr(p.run.errors.front().message).toHtmlEscaped()
                    : s.reproducible ? tr("repeats")
                                     : tr("%1 outputs in %2").arg(s.distinctDigests).arg(s.trials),
                    qstr(formatDuration(s.time.median)));
      if (batches) {
        h += QStringLiteral("<td>%1</td>")
                 .arg(qstr(formatDuration(s.time.median / static_cast<double>(p.rows))));
      }
      h += &p == &r.points.front() ? QStringLiteral("<td>%1</td>").arg(tr("(reference)"))
                                   : against(p.compared, p.equalToFirst, p.diff);
      if (batches) h += against(p.comparedToOne && p.rows != 1, p.equalToOne, p.diffToOne);
      h += QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</table>\n");
  }
  h += QStringLiteral("<p>%1: %2 (%3), %4</p>\n")
           .arg(tr("detbench"), qstr(d.context.toolVersion), qstr(d.context.gitRevision),
                qstr(d.context.host).toHtmlEscaped());
  h += QStringLiteral("</body></html>\n");
  return h;
}

QByteArray InvarianceExporter::render(Format format, const InvarianceExport& d) {
  switch (format) {
    case Format::Html:
      return html(d).toUtf8();
    case Format::Pdf:
      return pdfOf(d);
    case Format::Markdown:
      return markdown(d).toUtf8();
    case Format::Json:
      return json(d).toUtf8();
    case Format::Csv:
      return csv(d).toUtf8();
  }
  return {};
}

bool InvarianceExporter::write(Format format, const QString& path, const InvarianceExport& d,
                               QString* error) {
  return FileWriter::write(path, render(format, d), error);
}

}  // namespace detbench::gui
