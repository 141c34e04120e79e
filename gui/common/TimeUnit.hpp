#pragma once
// One unit of time for everything a view shows together (a plot's axis, its title, the verdict
// and the table beside it), chosen once from a typical value such as the median: "4.21 ms ±
// 0.61 ms", never "4.21 ms ± 614 µs" beside an axis in µs.

#include <QString>
#include <cmath>

namespace detbench::gui {

struct TimeUnit {
  double nsPerUnit = 1e3;
  QString symbol = QStringLiteral("µs");

  // The unit in which `typicalNs` reads between 1 and 1000 (ns up to s).
  static TimeUnit forNs(double typicalNs) {
    const double v = std::fabs(typicalNs);
    if (v >= 1e9) return {1e9, QStringLiteral("s")};
    if (v >= 1e6) return {1e6, QStringLiteral("ms")};
    if (v >= 1e3) return {1e3, QStringLiteral("µs")};
    return {1, QStringLiteral("ns")};
  }
  static TimeUnit forUs(double typicalUs) { return forNs(typicalUs * 1e3); }

  double fromNs(double ns) const { return ns / nsPerUnit; }
  double fromUs(double us) const { return us * 1e3 / nsPerUnit; }
  // "4.21 ms": three significant digits where the value has them.
  QString format(double ns) const {
    const double v = fromNs(ns);
    const int decimals = std::fabs(v) >= 100 ? 0 : std::fabs(v) >= 10 ? 1 : 2;
    return QStringLiteral("%1 %2").arg(v, 0, 'f', decimals).arg(symbol);
  }
  QString formatUs(double us) const { return format(us * 1e3); }
};

}  // namespace detbench::gui
