// `detbench demo NAME`: runs a guided teaching scenario (resources/demos/scenarios.json) and
// says whether it showed what its text says; `detbench demo --list` lists them.

#include <iomanip>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "Interrupt.hpp"
#include "OutputOptions.hpp"
#include "RemoteOptions.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/demo/ScenarioReport.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "detbench/demo/ScenarioText.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/Format.hpp"

namespace detbench::cli {

namespace {

using namespace detbench::demo;

}  // namespace

int demoCommand(const CliStreams& io, const std::string& name, bool list,
                const std::string& language, const std::optional<std::string>& jsonOut,
                const std::optional<std::string>& markdownOut, const RemoteOptions& remote) {
  // As recipe and serve: the scenarios' texts are in these two languages.
  DETBENCH_CHECK_ARG(language == "en" || language == "zh_CN",
                     "--language takes en or zh_CN, not '" + language + "'");
  if (list || name.empty()) {
    for (const auto& s : scenarios()) {
      io.out << std::left << std::setw(22) << s.name << std::right << s.title.in(language)
             << (s.needsGpu ? "  (GPU; cpu-threads without one)" : "") << "\n";
    }
    return kExitOk;
  }
  const Scenario* s = findScenario(name);
  if (s == nullptr) {
    std::string names;
    for (const auto& sc : scenarios()) names += (names.empty() ? "" : ", ") + sc.name;
    DETBENCH_THROW(InvalidArgument, "unknown demo " + name + " (" + names + ")");
  }
  checkOutputOptions({{"--out", jsonOut}, {"--markdown", markdownOut}});
  const auto progress = [&](const std::string& what, int done, int total) {
    if (io.errIsTerminal)
      io.err << "\r  running: " << what << " (" << done << "/" << total << ")\x1b[K" << std::flush;
  };
  if (isRemote(remote)) {
    const RemoteEndpoint endpoint = singleEndpoint(remote, "demo");
    checkRemoteEndpoints(remote, {endpoint});
    auto client =
        connectRemote(remote, endpoint, &interruptToken(), [&io](const std::string& state) {
          io.err << "  " << state << "\n" << std::flush;
        });
    const Environment there = client->environment();
    io.out << scenarioIntroText(*s, language);
    const remote::RemoteDemo d = client->demo(s->name, language, progress, &interruptToken());
    if (io.errIsTerminal) io.err << "\r\x1b[K" << std::flush;
    io.out << "Ran on: " << remote::printable(there.host) << " (" << endpoint.label
           << slurmJobWords(there) << ", detbench " << remote::printable(there.toolVersion) << ")\n"
           << d.text;
    OutputBatch batch;
    if (jsonOut) batch.add(*jsonOut, d.report.dump(2) + "\n");
    if (markdownOut) batch.add(*markdownOut, d.markdown);
    io.out.flush();
    batch.commit();
    if (d.cancelled) return kExitCancelled;
    return d.asExpected ? kExitOk : kExitNotReproducible;
  }
  const BackendRegistry registry = makeRegistry();
  io.out << scenarioIntroText(*s, language);
  const ScenarioOutcome o = runScenario(*s, registry, progress, &interruptToken());
  if (io.errIsTerminal) io.err << "\r\x1b[K" << std::flush;
  io.out << scenarioOutcomeText(*s, o, language);
  OutputBatch batch;
  if (jsonOut) batch.add(*jsonOut, scenarioReportJson(*s, o).dump(2) + "\n");
  if (markdownOut) batch.add(*markdownOut, scenarioReportMarkdown(*s, o, language));
  io.out.flush();
  batch.commit();
  if (o.cancelled) return kExitCancelled;
  return o.asExpected() ? kExitOk : kExitNotReproducible;
}

}  // namespace detbench::cli
