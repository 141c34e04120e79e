#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "ReleaseOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench::cli {

int envCommand(const CliStreams& io, bool json, const std::optional<std::string>& pytorch,
               const RemoteOptions& remote) {
  Environment env;
  if (!remote.hosts.empty()) {
    DETBENCH_CHECK_ARG(remote.hosts.size() == 1, "env takes one --host");
    DETBENCH_CHECK_ARG(!pytorch,
                       "--pytorch and --host: choose one (the remote detbench finds "
                       "its own PyTorch)");
    env = connectRemote(remote, remote.hosts.front())->environment();
  } else {
    // Every device, the ones loaded on first use included: env is where a person looks.
    const BackendRegistry registry = makeRegistry();
    registry.loadAll();
    env = collectEnvironment(registry);
  }
  if (pytorch) {
    env.pytorchFound = "PyTorch " + toString(releaseOption(pytorch)) + " chosen with --pytorch (" +
                       env.pytorchFound + ")";
  }
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
