#include "export/ReportExporter.hpp"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>
#include <algorithm>

#include "common/FileWriter.hpp"
#include "common/Text.hpp"
#include "common/Verdict.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/report/ReportMarkdown.hpp"
#include "export/CsvField.hpp"
#include "plot/ReportPlots.hpp"

namespace detbench::gui {

namespace {

QString esc(const QString& s) {
  return s.toHtmlEscaped();
}
QString esc(const std::string& s) {
  return QString::fromStdString(s).toHtmlEscaped();
}

// Digest rows shown per configuration in the appendix.
constexpr std::size_t kDigestRows = 12;

constexpr const char* kStyle =
    "body{font-family:'DejaVu Sans','Noto Sans CJK SC',sans-serif;max-width:980px;margin:24px auto;"
    "color:#222;line-height:1.4}h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;"
    "border-bottom:1px solid #ddd}table{border-collapse:collapse;margin:8px 0}th,td{border:1px "
    "solid #ddd;padding:3px 8px;text-align:left;font-size:0.92em}th{background:#f4f4f4}"
    ".good{color:#2e7d32}.bad{color:#c62828}.warn{color:#b26a00}img{max-width:100%;"
    "border:1px solid #eee;margin:6px 0}code{background:#f4f4f4;padding:0 3px}"
    ".library{color:#37474f}.disagrees{background-color:#fff8e1;color:#5d4300;"
    "border:1px solid #e6d28a;padding:3px 6px}";

}  // namespace

QStringList ReportExporter::takeaway(const ReportDocument& report) {
  QStringList lines;
  if (report.runs.empty()) return lines;
  const bool sweep = report.kind == ReportKind::Sweep;
  const RunResult* firstGood = nullptr;
  const RunResult* firstBad = nullptr;
  for (const RunResult& r : report.runs) {
    QString line;
    if (r.failed()) {
      line = Verdict::problem(r);
    } else if (r.summary.reproducible) {
      line = tr("Reproducible: bitwise identical over %1 trials.").arg(r.summary.trials);
      if (!firstGood) firstGood = &r;
    } else {
      line = tr("Not reproducible: %1 distinct outputs in %2 trials, max |diff| %3 (%4 ULP).")
                 .arg(r.summary.distinctDigests)
                 .arg(r.summary.trials)
                 .arg(qstr(formatFloat(r.summary.maxAbsDiff)))
                 .arg(r.summary.maxUlp);
      if (!firstBad) firstBad = &r;
    }
    lines << (sweep ? QStringLiteral("%1: %2").arg(qstr(r.label), line) : line);
    // A torch device that did otherwise than the catalog says is a finding of its own.
    if (!Verdict::libraryAgrees(r)) {
      lines << (sweep ? QStringLiteral("%1: %2").arg(qstr(r.label), Verdict::library(r))
                      : Verdict::library(r));
    }
  }
  // What to set: the settings of a reproducible configuration, or the switch to try.
  if (firstBad && firstGood) {
    lines << tr("What to set: %1 (the settings of %2), which ran %3 than %4.")
                 .arg(Verdict::settingsLine(firstGood->settings), qstr(firstGood->label),
                      Verdict::relative(*firstGood, *firstBad), qstr(firstBad->label));
  } else if (firstBad && firstBad->settings.deterministic == DeterministicMode::Off) {
    lines << tr(
        "What to set: torch.use_deterministic_algorithms(True), and compare its cost "
        "(Compare: default against deterministic).");
  } else if (firstBad) {
    lines << tr(
        "Deterministic algorithms are on and the output still varies: the op's catalog "
        "entry says why (a contrast form, or a kernel PyTorch does not cover).");
  } else if (!firstGood) {
    lines << tr("Nothing ran to completion: the errors below say why.");
  } else if (!sweep) {
    lines << tr("Nothing to set: these settings are reproducible for this op on this device.");
  }
  return lines;
}

std::optional<ReportExporter::Format> ReportExporter::formatForPath(const QString& path) {
  const QString ext = QFileInfo(path).suffix().toLower();
  if (ext == QLatin1String("html") || ext == QLatin1String("htm")) return Format::Html;
  if (ext == QLatin1String("pdf")) return Format::Pdf;
  if (ext == QLatin1String("md") || ext == QLatin1String("markdown")) return Format::Markdown;
  if (ext == QLatin1String("json")) return Format::Json;
  if (ext == QLatin1String("csv")) return Format::Csv;
  return std::nullopt;
}

QString ReportExporter::markdown(const ReportDocument& report) {
  return QString::fromStdString(reportToMarkdown(report));
}

QString ReportExporter::json(const ReportDocument& report) {
  return QString::fromStdString(reportJsonText(report));
}

QString ReportExporter::csv(const ReportDocument& report) {
  QString out = QStringLiteral(
      "configuration,index,time_ns,digest,max_abs_diff,max_ulp,n_diff,ref_max_abs_err,algorithm\n");
  for (const RunResult& r : report.runs) {
    for (const TrialRecord& t : r.trials) {
      out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                 .arg(csvField(qstr(r.label)))
                 .arg(t.index)
                 .arg(t.timeNs)
                 .arg(qstr(formatDigest(t.digest)))
                 .arg(t.maxAbsDiff, 0, 'g', 17)
                 .arg(t.maxUlp)
                 .arg(t.nDiff)
                 .arg(t.refMaxAbsErr, 0, 'g', 17)
                 .arg(csvField(qstr(t.algorithm)));
    }
  }
  return out;
}

QString ReportExporter::html(const ReportDocument& report, Images images) {
  return htmlWithPlots(report, ReportPlots::render(report), images, Limits{0, 0});
}

QString ReportExporter::htmlWithPlots(const ReportDocument& report,
                                      const std::vector<RenderedPlot>& plots, Images images,
                                      const Limits& limits) {
  // Text from the report, cut where the limits say (the PDF: a page lays out a long string in
  // time that grows faster than its length), then escaped.
  const auto text = [&limits](const QString& s) {
    if (limits.text == 0 || static_cast<std::size_t>(s.size()) <= limits.text) return esc(s);
    const auto rest = static_cast<qsizetype>(s.size()) - static_cast<qsizetype>(limits.text);
    return esc(s.left(static_cast<qsizetype>(limits.text))) +
           esc(tr("… (%n more characters; the JSON report has them all)", nullptr,
                  static_cast<int>(std::min<qsizetype>(rest, 1'000'000'000))));
  };
  const auto row = [&text](const QString& k, const QString& v) {
    return QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n").arg(text(k), text(v));
  };
  // How many items of a list (warnings, errors, devices) to show, and the line that says how
  // many were left out.
  const auto shownRows = [&limits](std::size_t n) {
    return limits.rows == 0 ? n : std::min(n, limits.rows);
  };
  const auto leftOut = [](std::size_t left) {
    return QStringLiteral("<p><i>%1</i></p>\n")
        .arg(esc(tr("… and %n more (the CSV and the JSON report have them all)", nullptr,
                    static_cast<int>(std::min<std::size_t>(left, 1'000'000'000)))));
  };
  QString h;
  h += QStringLiteral(
           "<!DOCTYPE html>\n<html><head><meta "
           "charset=\"utf-8\">\n<title>%1</title>\n<style>%2</style></head><body>\n")
           .arg(esc(tr("detbench reproducibility report")), QLatin1String(kStyle));
  h += QStringLiteral("<h1>%1</h1>\n").arg(esc(tr("detbench reproducibility report")));
  if (!report.runs.empty()) {
    const RunResult& first = report.runs.front();
    h += QStringLiteral("<p><b>%1</b> %2 <b>%3</b></p>\n")
             .arg(text(qstr(first.op)), esc(tr("on")), text(qstr(first.device)));
    h += QStringLiteral("<table>\n");
    QStringList params;
    for (const auto& [k, v] : first.params) params << QStringLiteral("%1=%2").arg(qstr(k)).arg(v);
    h += row(tr("Parameters"), params.join(QStringLiteral(", ")));
    QStringList shapes;
    for (const auto& t : first.inputs)
      shapes << QStringLiteral("%1 %2 %3")
                    .arg(qstr(t.name), qstr(toString(t.shape)), qstr(toString(t.dtype)));
    h += row(tr("Inputs"), shapes.join(QStringLiteral("; ")));
    h += row(tr("Input fingerprint"), qstr(formatDigest(first.inputFingerprint)));
    h += row(tr("Data seed"), QString::number(first.dataSeed));
    h += QStringLiteral("</table>\n");
  }
  // The takeaway first: reproducible or not, by how much, what to set.
  if (!report.runs.empty()) {
    h += QStringLiteral("<h2>%1</h2>\n<ul>\n").arg(esc(tr("Takeaway")));
    for (const QString& line : takeaway(report))
      h += QStringLiteral("<li>%1</li>\n").arg(text(line));
    h += QStringLiteral("</ul>\n");
  }
  auto image = [&](const RenderedPlot& p) {
    const QString src = images == Images::Embedded ? QStringLiteral("data:image/png;base64,") +
                                                         QString::fromLatin1(p.png.toBase64())
                                                   : QStringLiteral("plot-%1.png").arg(p.name);
    return QStringLiteral("<img src=\"%1\" alt=\"%2\" width=\"%3\">\n")
        .arg(src, esc(p.title))
        .arg(p.run < 0 ? ReportPlots::kWidth : ReportPlots::kWidth / 2);
  };
  if (report.kind == ReportKind::Sweep) {
    h += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Configurations side by side")));
    for (const auto& p : plots) {
      if (p.run < 0) h += QStringLiteral("<p>%1</p>").arg(image(p));
    }
    const RunResult* baseline = nullptr;
    for (const auto& r : report.runs) {
      if (!r.failed() && r.summary.trials > 0) {
        baseline = &r;
        break;
      }
    }
    h += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>\n")
             .arg(esc(tr("Configuration")), esc(tr("Verdict")), esc(tr("Distinct outputs")),
                  esc(tr("Median time")), esc(tr("vs baseline")));
    for (const auto& r : report.runs) {
      h += QStringLiteral(
               "<tr><td>%1</td><td class=\"%2\">%3</td><td>%4</td><td>%5</td><td>%6</td></tr>\n")
               .arg(text(qstr(r.label)),
                    Verdict::good(r) ? QStringLiteral("good") : QStringLiteral("bad"),
                    text(Verdict::headline(r)),
                    r.failed() ? QStringLiteral("—") : QString::number(r.summary.distinctDigests),
                    r.failed() ? QStringLiteral("—") : esc(formatDuration(r.summary.time.median)),
                    baseline ? esc(Verdict::relative(r, *baseline)) : QString());
    }
    h += QStringLiteral("</table>\n");
  }
  for (const RunResult& r : report.runs) {
    if (report.kind == ReportKind::Sweep)
      h += QStringLiteral("<h2>%1</h2>\n").arg(text(qstr(r.label)));
    else
      h += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Result")));
    h += QStringLiteral("<p class=\"%1\"><b>%2</b></p>\n")
             .arg(Verdict::good(r) ? QStringLiteral("good") : QStringLiteral("bad"),
                  text(Verdict::headline(r)));
    if (r.failed()) h += QStringLiteral("<p>%1</p>\n").arg(text(Verdict::problem(r)));
    if (!r.warnings.empty())
      h += QStringLiteral("<p class=\"warn\">%1</p>\n").arg(text(Verdict::warning(r)));
    // A torch device: which PyTorch ran it, the catalog's prediction beside what it did.
    if (r.libraryCheck) {
      h += QStringLiteral("<p class=\"%1\">%2</p>\n")
               .arg(Verdict::libraryAgrees(r) ? QStringLiteral("library")
                                              : QStringLiteral("library disagrees"),
                    text(Verdict::library(r)));
    }
    h += QStringLiteral("<table>\n");
    h += row(tr("Settings"), Verdict::settingsLine(r.settings));
    h += row(tr("Seed in force"),
             QString::number(r.seed) + (r.seedWasSet ? QString()
                                                     : QStringLiteral(" (") + tr("drawn, not set") +
                                                           QStringLiteral(")")));
    if (r.dispatched) h += row(tr("Implementation"), Verdict::implementation(r));
    h += row(tr("Threads"), QString::number(r.threads));
    if (!r.failed()) {
      h += row(tr("Differences"), Verdict::differences(r));
      h += row(tr("Time per trial"), Verdict::timing(r));
    }
    h += QStringLiteral("</table>\n");
    const std::size_t warnings = shownRows(r.warnings.size());
    for (std::size_t i = 0; i < warnings; ++i)
      h += QStringLiteral("<p class=\"warn\">%1: %2</p>\n")
               .arg(esc(tr("Warning")), text(qstr(r.warnings[i].message)));
    if (warnings < r.warnings.size()) h += leftOut(r.warnings.size() - warnings);
    const std::size_t errors = shownRows(r.errors.size());
    for (std::size_t i = 0; i < errors; ++i)
      h +=
          QStringLiteral("<p class=\"bad\">%1 (%2): %3</p>\n")
              .arg(esc(tr("Error")), text(qstr(r.errors[i].kind)), text(qstr(r.errors[i].message)));
    if (errors < r.errors.size()) h += leftOut(r.errors.size() - errors);
    const int index = static_cast<int>(&r - report.runs.data());
    QString pictures;
    for (const auto& p : plots) {
      if ((report.kind == ReportKind::Run && p.run < 0) || p.run == index) pictures += image(p);
    }
    if (!pictures.isEmpty()) h += QStringLiteral("<p>%1</p>\n").arg(pictures);
  }
  const Environment& env = report.context;
  h += QStringLiteral("<h2>%1</h2>\n<table>\n").arg(esc(tr("Environment")));
  h += row(tr("detbench"),
           QStringLiteral("%1 (%2, %3)")
               .arg(qstr(env.toolVersion), qstr(env.gitRevision), qstr(env.buildType)));
  h += row(tr("Host"), qstr(env.host));
  h += row(tr("Operating system"), qstr(env.os));
  h += row(tr("CPU"),
           QStringLiteral("%1, %2 logical cores").arg(qstr(env.cpu)).arg(env.logicalCores));
  h += row(QStringLiteral("CUBLAS_WORKSPACE_CONFIG"), env.cublasWorkspaceConfigEnv.empty()
                                                          ? tr("(unset)")
                                                          : qstr(env.cublasWorkspaceConfigEnv));
  const std::size_t devices = shownRows(env.devices.size());
  for (std::size_t i = 0; i < devices; ++i) {
    const auto& d = env.devices[i];
    QStringList info;
    for (const auto& [k, v] : d.info) info << QStringLiteral("%1: %2").arg(qstr(k), qstr(v));
    h += row(tr("Device %1").arg(qstr(d.id)), d.available
                                                  ? info.join(QStringLiteral("; "))
                                                  : tr("unavailable: %1").arg(qstr(d.reason)));
  }
  h += QStringLiteral("</table>\n");
  if (devices < env.devices.size()) h += leftOut(env.devices.size() - devices);
  // The digests last: an appendix, its long lists cut (the CSV has every trial).
  QString tail;
  bool appendix = false;
  for (const RunResult& r : report.runs) {
    if (r.summary.digests.empty()) continue;
    if (!appendix) {
      tail += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Appendix: output digests")));
      appendix = true;
    }
    if (report.kind == ReportKind::Sweep) {
      tail += QStringLiteral("<h3>%1</h3>\n").arg(text(qstr(r.label)));
    }
    tail += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th></tr>\n")
                .arg(esc(tr("Output digest")), esc(tr("Trials")), esc(tr("First seen in trial")));
    const std::size_t shown = std::min<std::size_t>(r.summary.digests.size(), kDigestRows);
    for (std::size_t i = 0; i < shown; ++i) {
      const auto& d = r.summary.digests[i];
      tail += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td><td>%3</td></tr>\n")
                  .arg(qstr(formatDigest(d.digest)))
                  .arg(d.count)
                  .arg(d.firstTrial);
    }
    tail += QStringLiteral("</table>\n");
    if (shown < r.summary.digests.size()) {
      tail += QStringLiteral("<p>%1</p>\n")
                  .arg(esc(tr("… and %1 more distinct outputs: the CSV export lists every trial's "
                              "digest.")
                               .arg(r.summary.digests.size() - shown)));
    }
  }
  h += tail;
  h += QStringLiteral("</body></html>\n");
  return h;
}

QByteArray ReportExporter::pdf(const ReportDocument& report) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QTextDocument doc;
  const std::vector<RenderedPlot> plots = ReportPlots::render(report);
  for (const auto& p : plots) {
    doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("plot-%1.png").arg(p.name)),
                    QImage::fromData(p.png, "PNG"));
  }
  // Linear in the report and quick whatever it holds: long strings cut, long lists summarised
  // (QTextDocument lays out a long string or list in time that grows faster than its size;
  // the JSON and CSV keep everything).
  constexpr Limits kPrint{400, 40};
  doc.setHtml(htmlWithPlots(report, plots, Images::Resources, kPrint));
  QPdfWriter writer(&buffer);
  writer.setTitle(tr("detbench reproducibility report"));
  writer.setCreator(QStringLiteral("detbench"));
  writer.setPageSize(QPageSize(QPageSize::A4));
  writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
  writer.setResolution(150);
  doc.setPageSize(QSizeF(writer.width(), writer.height()));
  doc.print(&writer);
  return bytes;
}

QByteArray ReportExporter::render(Format format, const ReportDocument& report) {
  switch (format) {
    case Format::Html:
      return html(report).toUtf8();
    case Format::Pdf:
      return pdf(report);
    case Format::Markdown:
      return QByteArray::fromStdString(reportToMarkdown(report));
    case Format::Json:
      return QByteArray::fromStdString(reportJsonText(report));
    case Format::Csv:
      return csv(report).toUtf8();
  }
  return {};
}

bool ReportExporter::write(Format format, const QString& path, const ReportDocument& report,
                           QString* error) {
  return FileWriter::write(path, render(format, report), error);
}

}  // namespace detbench::gui
