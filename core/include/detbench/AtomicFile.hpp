#pragma once
// Files are written atomically: to a temporary file in the same folder, then renamed over the
// target, so a reader never sees half a report and a failed write leaves the old file intact.

#include <string>
#include <string_view>

namespace detbench {

// Raises IoError naming the path and the reason when the file cannot be written.
void writeFileAtomically(const std::string& path, std::string_view contents);

// Raises IoError when the file cannot be read.
std::string readFile(const std::string& path);

}  // namespace detbench
