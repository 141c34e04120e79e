// libFuzzer target: the report reader. Any bytes are read without crashing, leaking or undefined
// behaviour; a report that is accepted, written again and read again gives the same text.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/report/ReportJsonReader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace detbench;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ReportDocument doc;
  try {
    doc = reportFromJson(parseJson(text, "fuzz"));
  } catch (const Error&) {
    return 0;
  }
  const std::string once = reportJsonText(doc);
  const std::string twice = reportJsonText(reportFromJson(parseJson(once, "fuzz")));
  if (once != twice) std::abort();
  return 0;
}
