#include "OutputOptions.hpp"

#include <ctime>
#include <filesystem>

#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"

namespace detbench::cli {

void checkOutputOptions(const std::vector<OutputOption>& outputs,
                        const std::vector<std::string>& inputs) {
  std::vector<std::string> paths, names;
  for (const auto& o : outputs) {
    if (!o.path) continue;
    DETBENCH_CHECK_ARG(!o.path->empty(), o.option + " needs a file name, not an empty one");
    if (o.folder) {
      checkOutputWritable((std::filesystem::path(*o.path) / "x.npy").string(), o.option, true);
      continue;
    }
    checkOutputWritable(*o.path, o.option);
    paths.push_back(*o.path);
    names.push_back(o.option);
  }
  for (const auto& in : inputs) {
    paths.push_back(in);
    names.push_back("the input " + in);
  }
  try {
    checkDistinctOutputs(paths, names);
  } catch (const IoError& e) {
    DETBENCH_THROW(InvalidArgument, e.message());
  }
}

std::string reportTimestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

}  // namespace detbench::cli
