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
  if (isRemote(remote)) {
    const RemoteEndpoint endpoint = singleEndpoint(remote, "env");
    DETBENCH_CHECK_ARG(!pytorch,
                       "--pytorch and --host: choose one (the remote detbench finds "
                       "its own PyTorch)");
    checkRemoteEndpoints(remote, {endpoint});
    env = connectRemote(remote, endpoint, nullptr, [&io](const std::string& s) {
            io.err << "  " << s << "\n" << std::flush;
          })->environment();
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
