#include "export/ReportExporter.hpp"

#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTextDocument>

#include "../../core/report/ReportFixtures.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/report/ReportMarkdown.hpp"
#include "detbench/run/Statistics.hpp"
#include "plot/DistinctPlotWidget.hpp"

namespace detbench::gui {
namespace {

QByteArray readAll(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
  return f.readAll();
}

class ReportExporterTest : public ::testing::TestWithParam<bool> {
 protected:
  ReportDocument report() const {
    return GetParam() ? detbench::testing::fixedSweepReport() : detbench::testing::fixedRunReport();
  }
};

TEST_P(ReportExporterTest, JsonAndMarkdownAreTheCoresByteForByte) {
  QTemporaryDir dir;
  QString error;
  const QString json = dir.filePath(QStringLiteral("r.json")),
                md = dir.filePath(QStringLiteral("r.md"));
  ASSERT_TRUE(ReportExporter::write(ReportExporter::Format::Json, json, report(), &error));
  ASSERT_TRUE(ReportExporter::write(ReportExporter::Format::Markdown, md, report(), &error));
  EXPECT_EQ(readAll(json).toStdString(), reportJsonText(report()));
  EXPECT_EQ(readAll(md).toStdString(), reportToMarkdown(report()));
}

TEST_P(ReportExporterTest, HtmlIsSelfContainedAndItsImagesDecode) {
  QTemporaryDir dir;
  QString error;
  const QString path = dir.filePath(QStringLiteral("r.html"));
  ASSERT_TRUE(ReportExporter::write(ReportExporter::Format::Html, path, report(), &error))
      << error.toStdString();
  const QString html = QString::fromUtf8(readAll(path));
  EXPECT_TRUE(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
  EXPECT_TRUE(html.trimmed().endsWith(QStringLiteral("</html>")));
  EXPECT_FALSE(html.contains(QStringLiteral("src=\"plot-")));  // no external files
  static const QRegularExpression img(QStringLiteral("data:image/png;base64,([A-Za-z0-9+/=]+)"));
  int images = 0;
  for (auto it = img.globalMatch(html); it.hasNext();) {
    const QImage image =
        QImage::fromData(QByteArray::fromBase64(it.next().captured(1).toLatin1()), "PNG");
    EXPECT_FALSE(image.isNull());
    ++images;
  }
  EXPECT_GE(images, 1);
  QTextDocument doc;
  doc.setHtml(html);  // parses: the text a reader sees carries the verdict and the environment
  EXPECT_TRUE(doc.toPlainText().contains(QStringLiteral("golden-host")));
  EXPECT_TRUE(doc.toPlainText().contains(QStringLiteral("distinct outputs")) ||
              doc.toPlainText().contains(QStringLiteral("Bitwise reproducible")));
}

TEST_P(ReportExporterTest, TheReportOpensWithItsTakeawayAndEndsWithTheDigests) {
  const ReportDocument doc = report();
  const QStringList takeaway = ReportExporter::takeaway(doc);
  ASSERT_FALSE(takeaway.isEmpty());
  const QString html = ReportExporter::html(doc);
  const auto at = [&html](const QString& text) { return html.indexOf(text); };
  ASSERT_GE(at(QStringLiteral("Takeaway")), 0);
  // The takeaway comes before any run's section, the digests after every one.
  EXPECT_LT(at(QStringLiteral("Takeaway")), at(QStringLiteral("<h2>Environment")));
  EXPECT_LT(at(QStringLiteral("Takeaway")), at(QStringLiteral("Output digest")));
  EXPECT_LT(at(QStringLiteral("<h2>Environment")), at(QStringLiteral("Appendix")));
  EXPECT_GE(at(takeaway.front().toHtmlEscaped()), 0);
}

// A torch device's run: the HTML (and so the PDF, printed from it) says which PyTorch ran it and
// what the catalog predicted, and names the library's dispatch, not a form of detbench's.
TEST(ReportExporterLibraryTest, ATorchRunShowsWhatTheCatalogPredictedBesideWhatPyTorchDid) {
  ReportDocument doc = detbench::testing::fixedRunReport();
  RunResult& r = doc.runs.front();
  r.op = "index_put_accumulate";
  r.device = "torch-cpu";
  r.dispatch = {.form = Form::Atomic,
                .extension = false,
                .contrast = false,
                .deterministicExpected = false,
                .library = true};
  LibraryCheck check;
  check.library = "PyTorch 1.13.0";
  check.catalogRelease = PyTorchRelease{2, 8};
  check.predicted = LibraryOutcome::Runs;
  check.observed = LibraryOutcome::Runs;
  check.varied = true;
  r.libraryCheck = check;
  QTextDocument text;
  text.setHtml(ReportExporter::html(doc));
  const QString plain = text.toPlainText();
  EXPECT_TRUE(plain.contains(QStringLiteral(
      "PyTorch 1.13.0 ran it; the catalog (2.8) predicted its default kernel: as predicted.")))
      << plain.toStdString();
  EXPECT_TRUE(plain.contains(QStringLiteral("PyTorch 1.13.0's own dispatch")));
  EXPECT_FALSE(plain.contains(QStringLiteral("Implementation\tatomic")));
  EXPECT_FALSE(plain.contains(QStringLiteral("Implementation atomic")));
  // A disagreement is in the takeaway too.
  r.libraryCheck->deterministicExpected = true;
  const QStringList takeaway = ReportExporter::takeaway(doc);
  EXPECT_TRUE(takeaway.join(QLatin1Char('\n'))
                  .contains(QStringLiteral("The outputs varied although the catalog calls this op "
                                           "reproducible here.")))
      << takeaway.join(QLatin1Char('\n')).toStdString();
  const QString html = ReportExporter::html(doc);
  EXPECT_TRUE(html.contains(QStringLiteral("class=\"library disagrees\"")));
  // The PDF prints the same HTML.
  const QByteArray pdf = ReportExporter::render(ReportExporter::Format::Pdf, doc);
  EXPECT_TRUE(pdf.startsWith("%PDF-"));
}

TEST(ReportExporterDigestsTest, ALongDigestListIsCutAndPointsToTheCsv) {
  ReportDocument doc = detbench::testing::fixedRunReport();
  RunResult& r = doc.runs.front();
  r.summary.digests.clear();
  for (int i = 0; i < 50; ++i)
    r.summary.digests.push_back({static_cast<std::uint64_t>(1000 + i), 1, i});
  const QString html = ReportExporter::html(doc);
  EXPECT_EQ(html.count(QStringLiteral("<code>0x")), 12);
  EXPECT_TRUE(html.contains(QStringLiteral("38 more distinct outputs")));
  EXPECT_EQ(ReportExporter::csv(doc).count(QLatin1Char('\n')),
            static_cast<qsizetype>(r.trials.size()) + 1);  // the CSV keeps every trial
}

TEST_P(ReportExporterTest, PdfAndCsv) {
  QTemporaryDir dir;
  QString error;
  const QString pdf = dir.filePath(QStringLiteral("r.pdf")),
                csv = dir.filePath(QStringLiteral("r.csv"));
  ASSERT_TRUE(ReportExporter::write(ReportExporter::Format::Pdf, pdf, report(), &error))
      << error.toStdString();
  const QByteArray bytes = readAll(pdf);
  EXPECT_TRUE(bytes.startsWith("%PDF-"));
  EXPECT_GT(bytes.size(), 2000);
  ASSERT_TRUE(ReportExporter::write(ReportExporter::Format::Csv, csv, report(), &error));
  const QList<QByteArray> lines = readAll(csv).trimmed().split('\n');
  std::size_t trials = 0;
  for (const auto& r : report().runs) trials += r.trials.size();
  EXPECT_EQ(static_cast<std::size_t>(lines.size()), trials + 1);
  EXPECT_TRUE(lines.front().startsWith("configuration,index,time_ns,digest"));
}

INSTANTIATE_TEST_SUITE_P(RunAndSweep, ReportExporterTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? "Sweep" : "Run";
                         });

TEST(ReportExporterErrorsTest, AnUnwritablePlaceGivesAMessageForEveryFormat) {
  for (auto f :
       {ReportExporter::Format::Html, ReportExporter::Format::Pdf, ReportExporter::Format::Markdown,
        ReportExporter::Format::Json, ReportExporter::Format::Csv}) {
    QString error;
    EXPECT_FALSE(ReportExporter::write(f, QStringLiteral("/nonexistent-folder/r.out"),
                                       detbench::testing::fixedRunReport(), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("/nonexistent-folder/r.out"))) << error.toStdString();
  }
}

// The PDF is linear in the report. A report of 100,000 trials that all
// differ, with a string of 1 MiB in its label, errors and environment, prints on a few pages:
// long strings cut and long lists summarised (the CSV and the JSON keep them; the HTML too).
// Its time is measured, not asserted (docs/REPORT-FORMAT.md, "Limits").
TEST(ReportExporterLimitsTest, APdfOfAHugeReportIsCutAndSummarised) {
  ReportDocument doc = detbench::testing::fixedRunReport();
  RunResult& r = doc.runs.front();
  const std::string huge(1 << 20, 'w');
  r.trials.clear();
  for (int i = 0; i < 100000; ++i) {
    TrialRecord t;
    t.index = i;
    t.timeNs = 1000 + i % 977;
    t.digest = 0x1000 + static_cast<std::uint64_t>(i);
    r.trials.push_back(t);
  }
  r.summary = summarize(r.trials);
  r.requestedTrials = 100000;
  r.errors.push_back({"RemoteError", huge, ""});
  doc.context.host = huge;
  const QByteArray pdf = ReportExporter::render(ReportExporter::Format::Pdf, doc);
  EXPECT_TRUE(pdf.startsWith("%PDF-"));
  static const QRegularExpression page(QStringLiteral("/Type\\s*/Page[^s]"));
  const auto pages = QString::fromLatin1(pdf).count(page);
  EXPECT_GE(pages, 1);
  EXPECT_LE(pages, 12) << "the digests and strings were not summarised";
  // The other formats keep everything.
  EXPECT_EQ(ReportExporter::csv(doc).count(QLatin1Char('\n')), 100001);
  EXPECT_TRUE(ReportExporter::html(doc).contains(QString::fromStdString(huge)));
}

TEST(ReportExporterErrorsTest, FormatFollowsTheExtension) {
  EXPECT_EQ(ReportExporter::formatForPath(QStringLiteral("a/b.PDF")), ReportExporter::Format::Pdf);
  EXPECT_EQ(ReportExporter::formatForPath(QStringLiteral("x.md")),
            ReportExporter::Format::Markdown);
  EXPECT_FALSE(ReportExporter::formatForPath(QStringLiteral("x.docx")).has_value());
}

TEST(PlotExportTest, PngAndSvgOpen) {
  QTemporaryDir dir;
  DistinctPlotWidget plot;
  plot.resize(600, 400);
  plot.follow(RunSeries::fromResult(detbench::testing::fixedRunReport().runs.front()));
  plot.replotNow();
  QString error;
  const QString png = dir.filePath(QStringLiteral("p.png")),
                svg = dir.filePath(QStringLiteral("p.svg"));
  ASSERT_TRUE(plot.savePng(png, 800, 500, &error)) << error.toStdString();
  ASSERT_TRUE(plot.saveSvg(svg, 800, 500, &error)) << error.toStdString();
  const QImage image(png);
  EXPECT_EQ(image.width(), 800);
  EXPECT_EQ(image.height(), 500);
  QSvgRenderer renderer(svg);
  EXPECT_TRUE(renderer.isValid());
  EXPECT_FALSE(plot.savePng(QStringLiteral("/nonexistent-folder/p.png"), 100, 100, &error));
}

}  // namespace
}  // namespace detbench::gui
