#pragma once
// Every file detbench reads from outside (reports, projects, scenarios) goes through here, so a
// hostile or broken file is refused with a reason instead of exhausting memory or the stack:
// reads stop at a size bound (a device such as /dev/zero never ends), and JSON nested deeper
// than kMaxJsonDepth is refused before it is parsed (nlohmann's parser and destructor recurse
// once per level).

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace detbench {

// Far deeper than any detbench file (a project embedding a report is 8 levels).
inline constexpr int kMaxJsonDepth = 64;
// The largest file a reader takes: a report of 10^6 trials is about 250 MB.
inline constexpr std::int64_t kMaxInputFileBytes = std::int64_t{1} << 30;

// Reads the whole file. Raises IoError for a folder or an unreadable file, and InvalidArgument
// for one larger than `maxBytes` (read no further than that).
std::string readFile(const std::string& path, std::int64_t maxBytes = kMaxInputFileBytes);

// The deepest nesting of arrays and objects in JSON text (strings skipped); stops counting
// once `limit` is exceeded.
int jsonNestingDepth(std::string_view text, int limit = kMaxJsonDepth);

// Parses JSON text; raises InvalidArgument starting with `what` for invalid JSON, JSON nested
// deeper than kMaxJsonDepth, or text whose parsed form would not fit in the memory available.
nlohmann::ordered_json parseJson(std::string_view text, std::string_view what);

// readFile and parseJson, the messages naming the file.
nlohmann::ordered_json readJsonFile(const std::string& path, std::string_view what);

}  // namespace detbench
