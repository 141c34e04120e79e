#pragma once
// Signals. Ctrl-C during a run, sweep or invariance run: the first stops the work before its
// next trial (on a remote host, asks the remote to stop), so the report of the trials done is
// written, marked cancelled, and detbench exits with kExitCancelled; a second ends detbench at
// once. Whatever signal ends detbench (a second Ctrl-C, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, ...),
// the temporary files it was writing are removed first (TemporaryFiles.hpp); SIGPIPE keeps its
// default otherwise: under `| head`, detbench ends as other tools do, quietly, with status 141.

#include "detbench/run/CancelToken.hpp"

namespace detbench::cli {

// Installs the handlers that remove temporary files before a signal ends the process (main
// calls it first).
void installSignalCleanup();
// The token the handler cancels; the first call installs the handler for SIGINT and SIGTERM.
const CancelToken& interruptToken();
// Whether Ctrl-C (or SIGTERM) came; false where the handler was never installed.
bool interrupted();

}  // namespace detbench::cli
