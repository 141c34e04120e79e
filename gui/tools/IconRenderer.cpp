// A build tool: renders the workbench's icon (resources/icons/detbench.svg) into the PNG sizes
// a desktop's icon theme looks for, for `cmake --install` to put beside the SVG.
//
//   detbench_icon_renderer ICON.svg OUT_DIR SIZE...   writes OUT_DIR/SIZE/detbench.png

#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: detbench_icon_renderer ICON.svg OUT_DIR SIZE...\n");
    return 2;
  }
  // No display is needed to paint into an image.
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QGuiApplication app(argc, argv);
  QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
  if (!svg.isValid()) {
    std::fprintf(stderr, "detbench_icon_renderer: cannot read %s\n", argv[1]);
    return 1;
  }
  for (int i = 3; i < argc; ++i) {
    const int size = std::atoi(argv[i]);
    if (size <= 0 || size > 1024) {
      std::fprintf(stderr, "detbench_icon_renderer: bad size %s\n", argv[i]);
      return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    const QString dir = QStringLiteral("%1/%2").arg(QString::fromLocal8Bit(argv[2])).arg(size);
    QDir().mkpath(dir);
    if (!image.save(dir + QStringLiteral("/detbench.png"))) {
      std::fprintf(stderr, "detbench_icon_renderer: cannot write %s\n", qPrintable(dir));
      return 1;
    }
  }
  return 0;
}
