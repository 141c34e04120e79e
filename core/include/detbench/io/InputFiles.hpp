#pragma once
// Every file detbench reads from outside (reports, projects, scenarios, recipes) goes through
// here, so a hostile or broken file is refused with a reason instead of exhausting memory, the
// stack or the user's patience: reads stop at a size bound (a device such as /dev/zero never
// ends); what is not a regular file (a FIFO, a terminal) is read with each wait for its next
// bytes bounded at 10 s, as a write to a FIFO waits at most 10 s for its reader; and JSON
// nested deeper than kMaxJsonDepth is refused before it is parsed (nlohmann's dump() and
// copies recurse once per level).

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace detbench {

// Far deeper than any detbench file (a project embedding a report is 8 levels).
inline constexpr int kMaxJsonDepth = 64;
// The largest file a reader takes: a report of 10^6 trials is about 250 MB.
inline constexpr std::int64_t kMaxInputFileBytes = std::int64_t{1} << 30;

// Reads the whole file. Raises IoError for a folder, an unreadable file or one that gives
// nothing for 10 s, and InvalidArgument for one larger than `maxBytes` (read no further than
// that).
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
