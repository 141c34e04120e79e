// libFuzzer target: the command line's option parsing and the checks that follow it, without
// running anything. The input is the argument list, NUL-separated.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "CliApp.hpp"
#include "detbench/base/Error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"detbench"};
  std::string current;
  for (std::size_t i = 0; i < size && args.size() < 64; ++i) {
    if (data[i] == 0) {
      args.push_back(current);
      current.clear();
    } else {
      current += static_cast<char>(data[i]);
    }
  }
  if (!current.empty()) args.push_back(current);
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  detbench::cli::CliApp cli;
  try {
    cli.parse(static_cast<int>(argv.size()), argv.data());
    cli.checkOptions();
  } catch (const CLI::Error&) {
  } catch (const detbench::Error&) {
  }
  return 0;
}
