#pragma once
// The one wrapper around QCustomPlot: interaction (zoom, pan, hover values), coalesced replots
// and export. Only gui/plot/ includes qcustomplot.h; the rest of the GUI sees this class.

#include <QString>
#include <QWidget>

class QCustomPlot;
class QTimer;

namespace detbench::gui {

class PlotWidget : public QWidget {
  Q_OBJECT

 public:
  explicit PlotWidget(QWidget* parent = nullptr);
  ~PlotWidget() override;

  // Asks for a replot; several requests within one interval give one replot.
  void requestReplot();
  // Replots at once (exports, tests and benchmarks).
  void replotNow();
  // Fits the axes to the data (what a double click does).
  virtual void resetView();

  // PNG bytes of the plot at the given size (for reports).
  QByteArray toPng(int width, int height);
  QByteArray toSvg(int width, int height);
  // Rendered first, then written through FileWriter; false with a message in `error` when the
  // plot cannot be rendered or the file cannot be written (nothing is left behind).
  bool savePng(const QString& path, int width, int height, QString* error);
  bool saveSvg(const QString& path, int width, int height, QString* error);

  // A name for files and menus ("max-diff", "timing", ...).
  virtual QString exportName() const = 0;
  // Number of data points in the plot's main series (for tests and benchmarks).
  virtual int pointCount() const = 0;
  // Milliseconds the last replot took, as QCustomPlot measured it.
  double lastReplotMs() const;

 protected:
  QCustomPlot* plot() const { return plot_; }
  void changeEvent(QEvent* event) override;
  // Texts (titles, axis labels) in the current language.
  virtual void retranslate() = 0;
  // The text of the hover tooltip for a point near `pos`; empty for none.
  virtual QString hoverText(const QPoint& pos) const;
  // Font and colours shared by every plot, so screenshots and reports look alike.
  void styleAxes();

 private:
  void onMouseMove(QMouseEvent* event);

  QCustomPlot* plot_;
  QTimer* replotTimer_;
};

}  // namespace detbench::gui
