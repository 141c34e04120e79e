#include "plot/PlotWidget.hpp"

#include <qcustomplot.h>

#include <QBuffer>
#include <QSvgGenerator>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include "common/FileWriter.hpp"

namespace detbench::gui {

namespace {
// A replot at most every 40 ms while data streams in: smooth to the eye, cheap for the loop.
constexpr int kReplotIntervalMs = 40;
}  // namespace

PlotWidget::PlotWidget(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), replotTimer_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setMinimumSize(260, 140);  // four fit a 1280 x 720 window beside the panels
  plot_->setNoAntialiasingOnDrag(true);
  replotTimer_->setSingleShot(true);
  replotTimer_->setInterval(kReplotIntervalMs);
  connect(replotTimer_, &QTimer::timeout, this,
          [this] { plot_->replot(QCustomPlot::rpQueuedReplot); });
  connect(plot_, &QCustomPlot::mouseMove, this, &PlotWidget::onMouseMove);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) {
    resetView();
    replotNow();
  });
}

PlotWidget::~PlotWidget() = default;

void PlotWidget::requestReplot() {
  if (!replotTimer_->isActive()) replotTimer_->start();
}

void PlotWidget::replotNow() {
  replotTimer_->stop();
  plot_->replot(QCustomPlot::rpImmediateRefresh);
}

void PlotWidget::resetView() {
  plot_->rescaleAxes();
}

double PlotWidget::lastReplotMs() const {
  return plot_->replotTime(false);
}

QByteArray PlotWidget::toPng(int width, int height) {
  const QPixmap pixmap = plot_->toPixmap(width, height, 1.0);
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  pixmap.save(&buffer, "PNG");
  return bytes;
}

bool PlotWidget::savePng(const QString& path, int width, int height, QString* error) {
  const QByteArray png = toPng(width, height);
  if (png.isEmpty()) {
    if (error)
      *error = tr("The plot could not be rendered as PNG (%1 x %2).").arg(width).arg(height);
    return false;
  }
  return FileWriter::write(path, png, error);
}

QByteArray PlotWidget::toSvg(int width, int height) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  {
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(QSize(width, height));
    generator.setViewBox(QRect(0, 0, width, height));
    generator.setTitle(exportName());
    QCPPainter painter(&generator);
    plot_->toPainter(&painter, width, height);
  }
  return bytes;
}

bool PlotWidget::saveSvg(const QString& path, int width, int height, QString* error) {
  const QByteArray svg = toSvg(width, height);
  if (svg.isEmpty()) {
    if (error)
      *error = tr("The plot could not be rendered as SVG (%1 x %2).").arg(width).arg(height);
    return false;
  }
  return FileWriter::write(path, svg, error);
}

void PlotWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    requestReplot();
  }
  QWidget::changeEvent(event);
}

QString PlotWidget::hoverText(const QPoint& pos) const {
  // The nearest data point of any graph within 12 pixels.
  double best = 12.0;
  QString text;
  for (int g = 0; g < plot_->graphCount(); ++g) {
    QCPGraph* graph = plot_->graph(g);
    if (!graph->visible() || graph->dataCount() == 0) continue;
    const double key = graph->keyAxis()->pixelToCoord(pos.x());
    auto it = graph->data()->findBegin(key);
    for (int k = 0; k < 2 && it != graph->data()->constEnd(); ++k, ++it) {
      const double px = graph->keyAxis()->coordToPixel(it->key);
      const double py = graph->valueAxis()->coordToPixel(it->value);
      const double d = std::hypot(px - pos.x(), py - pos.y());
      if (d < best) {
        best = d;
        text = QStringLiteral("%1\n%2: %3\n%4: %5")
                   .arg(graph->name(), graph->keyAxis()->label())
                   .arg(it->key)
                   .arg(graph->valueAxis()->label())
                   .arg(it->value, 0, 'g', 6);
      }
    }
  }
  return text;
}

void PlotWidget::onMouseMove(QMouseEvent* event) {
  const QString text = hoverText(event->pos());
  if (text.isEmpty()) {
    QToolTip::hideText();
  } else {
    QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
  }
}

void PlotWidget::styleAxes() {
  QFont titleFont = font();
  titleFont.setPointSizeF(titleFont.pointSizeF() * 1.05);
  titleFont.setBold(true);
  for (QCPAxisRect* rect : plot_->axisRects()) {
    for (QCPAxis* axis : rect->axes()) {
      axis->setLabelFont(font());
      axis->setTickLabelFont(font());
      axis->grid()->setPen(QPen(QColor(220, 220, 220), 0, Qt::DotLine));
    }
  }
  if (plot_->plotLayout()->rowCount() > 0) {
    if (auto* title = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0))) {
      title->setFont(titleFont);
    }
  }
}

}  // namespace detbench::gui
