#pragma once
// Colours and shapes shared by every plot, so the screen, the screenshots and the reports agree.

#include <QColor>

namespace detbench::gui::plotstyle {

inline QColor primary() {
  return QColor(31, 119, 180);
}  // blue
inline QColor secondary() {
  return QColor(255, 127, 14);
}  // orange
inline QColor good() {
  return QColor(44, 160, 44);
}  // green: reproducible
inline QColor bad() {
  return QColor(214, 39, 40);
}  // red: outputs differ
inline QColor muted() {
  return QColor(127, 127, 127);
}  // grey

}  // namespace detbench::gui::plotstyle
