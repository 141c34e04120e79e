// `detbench export-pytorch REPORT DIR`: the run as a PyTorch script plus its inputs.

#include <filesystem>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/export/PyTorchExport.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/ReportJsonReader.hpp"

namespace detbench::cli {

namespace fs = std::filesystem;

namespace {

const RunResult& chosenRun(const ReportDocument& doc, const std::optional<std::string>& config,
                           const CliStreams& io) {
  DETBENCH_CHECK_ARG(!doc.runs.empty(), "the report holds no run");
  if (config) {
    for (const auto& r : doc.runs) {
      if (r.label == *config) return r;
    }
    std::string labels;
    for (const auto& r : doc.runs) labels += (labels.empty() ? "" : ", ") + r.label;
    DETBENCH_THROW(InvalidArgument,
                   "no configuration '" + *config + "' in the report (it has " + labels + ")");
  }
  if (doc.runs.size() > 1) {
    io.err << "The report is a sweep: exporting its first configuration, '"
           << printableText(doc.runs.front().label, true) << "' (--config LABEL for another).\n";
  }
  return doc.runs.front();
}

}  // namespace

int exportPytorchCommand(const CliStreams& io, const std::string& report, const std::string& dir,
                         const std::optional<std::string>& config) {
  const ReportDocument doc = readReportFile(report);
  const RunResult& run = chosenRun(doc, config, io);
  const auto written =
      exporting::writePyTorchExport(run, dir, fs::path(report).filename().string());
  io.out << "Wrote " << written.script << " and " << written.inputs << " input"
         << (written.inputs == 1 ? "" : "s") << " (" << humanBytes(written.bytes) << ") for "
         << printableText(run.op, true) << " on " << printableText(run.device, true) << ", "
         << run.trials.size() << " trials.\n"
         << "Run it with the python3 that has torch: python3 " << written.script << "\n";
  return kExitOk;
}

}  // namespace detbench::cli
