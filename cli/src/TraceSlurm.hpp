#pragma once
// `detbench trace --slurm`: each traced run a job step of its own (srun) on a node of the
// chosen kind, its records streaming back on srun's standard output. With several --gpu-type,
// the runs of each type follow one another (--runs on each) and all are aligned against run 1,
// so a cause seen only in another type's runs is an op whose output differs between the types.
// The probe's files are written into a folder the nodes see at the same path (--slurm-shared,
// else the working folder); srun is started here, on a machine that can submit jobs.

#include <string>
#include <vector>

#include "RemoteOptions.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::cli {

// Where each run runs: for run k (from 1), places[k - 1] ("gpu-h100", "slurm").
struct TracePlaces {
  std::vector<std::string> names;
  std::vector<std::string> labels;  // "srun gres=gpu:h100:1, partition debug", by type
  int runsPerPlace = 0;
};

// Sets `plan` to run through srun where the options ask for Slurm (each run a job of its own;
// `plan.runs` becomes the runs of every type together), after Slurm has accepted each job as
// asked (srun --test-only). Raises InvalidArgument for --host (a trace starts srun here) and
// --slurm-batch, and for Slurm options without --slurm. Nothing changes without --slurm.
TracePlaces applyTraceSlurm(const RemoteOptions& remote, const std::string& sharedFolder,
                            trace::TracePlan& plan);

// With several places (GPU types), what the configuration's runs say between them, in a line:
// the first op whose output differs on another type than run 1's, or that every result agrees
// on all of them; "" with one place, or where the runs failed or parted.
std::string describeAcrossPlaces(const TracePlaces& places, const trace::TraceConfigResult& c);

}  // namespace detbench::cli
