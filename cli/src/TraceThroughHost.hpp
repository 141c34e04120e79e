#pragma once
// `detbench trace --host H ...`: the trace runs where the script is, by the detbench on H
// (through ssh), and this end shows what it prints and keeps its report. With --slurm, H is the
// cluster's login node and that detbench starts each traced run as a job step (TraceSlurm.hpp),
// so the script, --cwd and --slurm-shared are paths there. The ssh session carries the trace's
// words on its standard output and error as they come, then, on its standard output after a line
// that says so, the JSON report (and the Markdown one); Ctrl-C here closes the session's
// standard input, which stops the trace there as a Ctrl-C would (its runs' jobs cancelled, the
// report of what came written and sent back).

#include <string>
#include <vector>

#include "Commands.hpp"
#include "TraceOptions.hpp"

namespace detbench::cli {

// The words for the host's detbench: the command line's words after `trace`, without the ones
// that say how to reach the host (--host, --ssh-*, --remote-*) and where this end writes the
// report (--out, --markdown, --no-report), which the host's detbench is not given.
std::vector<std::string> traceWordsForHost(const std::vector<std::string>& words);

// Runs the trace on o.remote.hosts[0]; returns the exit status that detbench gave there (130
// after Ctrl-C). Raises InvalidArgument for bad options and NotAvailable where ssh or the
// host's detbench cannot be started.
int traceThroughHost(const CliStreams& io, const TraceOptions& o);

}  // namespace detbench::cli
