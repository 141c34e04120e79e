#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "detbench/ReportJson.hpp"

namespace detbench::cli {

int envCommand(const CliStreams& io, bool json) {
  const BackendRegistry registry = makeRegistry();
  const Environment env = collectEnvironment(registry);
  if (json) {
    ReportDocument doc;
    doc.context = env;
    io.out << reportToJson(doc)["context"].dump(2) << "\n";
  } else {
    printEnvironment(io.out, env);
  }
  return kExitOk;
}

}  // namespace detbench::cli
