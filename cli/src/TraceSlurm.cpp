#include "TraceSlurm.hpp"

#include <algorithm>
#include <filesystem>

#include "detbench/base/Error.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::cli {

TracePlaces applyTraceSlurm(const RemoteOptions& remote, const std::string& sharedFolder,
                            trace::TracePlan& plan) {
  // `trace --host` runs the whole trace on that host (TraceThroughHost.hpp), not here.
  DETBENCH_CHECK_ARG(remote.hosts.empty(), "trace --host runs the trace on the host, not here");
  DETBENCH_CHECK_ARG(!remote.slurmBatch, "--slurm-batch is for run and sweep, not trace");
  const std::vector<RemoteEndpoint> endpoints = remoteEndpoints(remote);
  TracePlaces places;
  if (!remote.slurm) {
    DETBENCH_CHECK_ARG(sharedFolder.empty(), "--slurm-shared goes with --slurm");
    return places;
  }
  checkRemoteEndpoints(remote, endpoints);
  const int types = static_cast<int>(endpoints.size());
  DETBENCH_CHECK_ARG(plan.runs * types <= trace::kMaxTraceRuns,
                     "--runs " + std::to_string(plan.runs) + " on " + std::to_string(types) +
                         " GPU types is more than " + std::to_string(trace::kMaxTraceRuns) +
                         " runs");
  places.runsPerPlace = plan.runs;
  for (const auto& e : endpoints) {
    places.labels.push_back(e.label);
    for (int r = 0; r < plan.runs; ++r) places.names.push_back(e.name);
  }
  plan.runs *= types;

  std::filesystem::path shared = std::filesystem::current_path();
  if (!sharedFolder.empty()) {
    shared = sharedFolder;
  } else if (!plan.workingDir.empty()) {
    shared = plan.workingDir;
  }
  std::error_code ec;
  DETBENCH_CHECK_ARG(std::filesystem::is_directory(shared, ec),
                     "--slurm-shared names no folder: " + shared.string());
  plan.probeRoot = std::filesystem::absolute(shared).string();

  const int perType = places.runsPerPlace;
  plan.launcher = [endpoints, perType](int run) {
    const auto at = std::min<std::size_t>(static_cast<std::size_t>(std::max(run - 1, 0) / perType),
                                          endpoints.size() - 1);
    remote::SlurmTarget target = *endpoints[at].slurm;
    target.jobName += "-run" + std::to_string(run);
    trace::TraceLauncher l;
    l.prefix.push_back(target.srun);
    const auto options = remote::srunOptions(target);
    l.prefix.insert(l.prefix.end(), options.begin(), options.end());
    // Each record reaches this end as it is written, not when a buffer fills.
    l.prefix.insert(l.prefix.end(), {"--unbuffered", "--"});
    l.cancel = remote::scancelCommand(target.jobName);
    return l;
  };
  return places;
}

std::string describeAcrossPlaces(const TracePlaces& places, const trace::TraceConfigResult& c) {
  if (places.labels.size() < 2 || c.failed() || !c.alignment.partings.empty()) return {};
  const auto placeOf = [&places](int run) {
    const auto at = static_cast<std::size_t>(run - 1);
    return at < places.names.size() ? places.names[at] : std::string();
  };
  const std::string reference = placeOf(1);
  std::string all;
  for (std::size_t i = 0; i < places.names.size();
       i += static_cast<std::size_t>(places.runsPerPlace)) {
    all += (all.empty() ? "" : ", ") + places.names[i];
  }
  if (c.reproducible()) return "Between the GPU types: every result agrees on " + all;
  for (const auto& cause : c.alignment.causes) {
    std::string others;
    for (const int run : cause.runs) {
      const std::string place = placeOf(run);
      if (place != reference && others.find(place) == std::string::npos) {
        others += (others.empty() ? "" : ", ") + place;
      }
    }
    if (others.empty()) continue;
    std::string s =
        "Between the GPU types: " + trace::describeOpNumber(c.alignment, cause.thread, cause.seq) +
        " " + cause.op.name;
    if (cause.site) s += " at " + trace::describeSite(*cause.site);
    return s + " gives other bits on " + others + " than on " + reference + " (run 1)";
  }
  return "Between the GPU types: no op differs from " + reference +
         "'s run 1 on another type; the differences are among the runs of one type";
}

}  // namespace detbench::cli
