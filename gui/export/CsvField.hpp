#pragma once
// One field of a CSV file as RFC 4180 writes it: as it is, or in double quotes (its quotes
// doubled) where it holds a comma, a double quote or a line break. Every CSV export uses it.

#include <QString>
#include <string>
#include <string_view>

namespace detbench::gui {

std::string csvField(std::string_view text);
QString csvField(const QString& text);

}  // namespace detbench::gui
