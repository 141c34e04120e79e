#pragma once
// Ctrl-C during a run, sweep or invariance run: the first stops the work before its next trial
// (on a remote host, asks the remote to stop), so the report of the trials done is written,
// marked cancelled, and detbench exits with kExitCancelled; a second ends detbench at once.

#include "detbench/run/CancelToken.hpp"

namespace detbench::cli {

// The token the handler cancels; the first call installs the handler for SIGINT and SIGTERM.
const CancelToken& interruptToken();
// Whether Ctrl-C (or SIGTERM) came; false where the handler was never installed.
bool interrupted();

}  // namespace detbench::cli
