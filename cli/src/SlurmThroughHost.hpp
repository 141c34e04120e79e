#pragma once
// Slurm batch jobs through a cluster's login node: `run|sweep --host LOGIN --slurm
// --slurm-batch DIR ...` submits by the detbench on LOGIN (DIR is a folder there, on the file
// system the nodes share), and `jobs DIR --host LOGIN` follows them there; with --collect the
// reports are made there and written here, into reports/ (HostCommand.hpp carries them).

#include <string>
#include <string_view>

#include "Commands.hpp"
#include "RemoteOptions.hpp"

namespace detbench::cli {

// `command` is "run" or "sweep"; o.remote.words its words as given.
int batchThroughHost(const CliStreams& io, const RunOptions& o, std::string_view command);

int jobsThroughHost(const CliStreams& io, const JobsOptions& options);

// " --host LOGIN" and the ssh options given, as a command line says them again.
std::string hostOptionWords(const RemoteOptions& remote);

}  // namespace detbench::cli
