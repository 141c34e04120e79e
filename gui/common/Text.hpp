#pragma once
// Conversions between the core's UTF-8 strings and QString.

#include <QString>
#include <string>
#include <string_view>

namespace detbench::gui {

inline QString qstr(std::string_view s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

inline std::string stdstr(const QString& s) {
  return s.toStdString();
}

}  // namespace detbench::gui
