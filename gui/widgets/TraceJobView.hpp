#pragma once
// A traced job in the Trace tab's detail pane: its ranks side by side (world size, backend, ops
// compared, each rank's verdict), the first cause on any rank with why and what fixes it, and
// the processes that joined no process group.

#include <QString>

#include "detbench/catalog/PyTorchRelease.hpp"
#include "detbench/trace/TraceJob.hpp"

namespace detbench::gui {

// A rank's verdict in the window's language.
QString traceRankText(const trace::TraceRankResult& rank);
// What the job's pool is called, in the window's language: "the process pool", "the script's
// processes" (each process the script started, against the same process of run 1), or both.
QString tracePoolName(const trace::TraceJobResult& job);
// HTML for the detail pane; empty for a script of one process.
QString traceJobHtml(const trace::TraceJobResult& job, PyTorchRelease release);

}  // namespace detbench::gui
