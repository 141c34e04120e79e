#include "TraceThroughHost.hpp"

#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "ExitCodes.hpp"
#include "HostCommand.hpp"
#include "OutputOptions.hpp"
#include "RemoteOptions.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"

namespace detbench::cli {

namespace {

// What the host's shell runs: the trace (its words on standard output and error, as here), then
// its JSON report (named "json") and Markdown one ("md"), and the trace's status.
std::string hostScript(bool markdown) {
  const std::string send(kHostSendFile);
  return std::string(
             "r=$(mktemp \"${TMPDIR:-/tmp}/detbench-trace-XXXXXX\") || exit 2\n"
             "m=\"$r.md\"\n"
             "\"$0\" trace --out \"$r\" ") +
         (markdown ? "--markdown \"$m\" " : "") +
         "--stop-when-stdin-closes \"$@\"\n"
         "s=$?\n" +
         std::string(kHostFilesFollow) + "f=$r; n=json; if [ -s \"$f\" ]; then " + send +
         "fi\n"
         "f=$m; n=md; if [ -s \"$f\" ]; then " +
         send +
         "fi\n"
         "rm -f \"$r\" \"$m\"\n"
         "exit $s\n";
}

std::string stemOfWords(const std::vector<std::string>& command) {
  std::string stem = "script";
  for (const auto& w : command) {
    if (w.size() > 3 && w.ends_with(".py")) {
      stem = std::filesystem::path(w).stem().string();
      break;
    }
  }
  for (auto& ch : stem) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  }
  return stem;
}

}  // namespace

std::vector<std::string> traceWordsForHost(const std::vector<std::string>& words) {
  return wordsForHost(words, {"--out", "--markdown"}, {"--no-report", "--stop-when-stdin-closes"});
}

int traceThroughHost(const CliStreams& io, const TraceOptions& o) {
  DETBENCH_CHECK_ARG(o.remote.hosts.size() == 1,
                     "trace --host: one host (the machine that runs the trace; with --slurm, "
                     "the cluster's login node)");
  const std::string host = o.remote.hosts.front();
  const TraceReportPath report = traceReportPath(o, stemOfWords(o.command));
  const std::string& jsonPath = report.json;

  // The host's lines that name its own report files are not passed on: this end names its own.
  const HostCommandResult r = runOnHost(
      io, o.remote, host, "the trace", hostScript(o.markdown.has_value()),
      traceWordsForHost(o.remote.words), [](const std::string& line) -> std::optional<std::string> {
        if (line.starts_with("Report: ") || line.starts_with("Markdown: ")) return std::nullopt;
        return line;
      });
  std::string reportJson, markdown;
  for (const HostFile& f : r.files) (f.name == "json" ? reportJson : markdown) = f.bytes;
  if (reportJson.empty()) return r.stopped ? kExitCancelled : r.code;
  DETBENCH_CHECK_ARG(nlohmann::json::accept(reportJson),
                     "the trace on " + host + " sent back a report that is not JSON");
  OutputBatch batch;
  if (report.inReportsFolder) batch.addFolder("reports");
  if (!jsonPath.empty()) batch.add(jsonPath, reportJson);
  if (o.markdown && !markdown.empty()) batch.add(*o.markdown, markdown);
  batch.commit();
  if (!jsonPath.empty()) io.out << "Report: " << jsonPath << "\n";
  if (o.markdown && !markdown.empty()) io.out << "Markdown: " << *o.markdown << "\n";
  return r.stopped && r.code == 0 ? kExitCancelled : r.code;
}

}  // namespace detbench::cli
