// libFuzzer target: the workbench's project files. An accepted project, written again and read
// again, gives the same bytes.

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "project/ProjectFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using detbench::gui::ProjectFile;
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  QString error;
  const auto project = ProjectFile::parse(bytes, &error);
  if (!project) {
    if (error.isEmpty()) std::abort();  // a refusal always says why
    return 0;
  }
  const QByteArray once = ProjectFile::serialize(*project);
  const auto again = ProjectFile::parse(once, &error);
  if (!again || ProjectFile::serialize(*again) != once) std::abort();
  return 0;
}
