#pragma once
// The batch jobs of a folder on a cluster's login node, followed from another machine: `detbench
// jobs DIR ... --json` run by the detbench there through ssh, in a temporary folder of its own
// (what it collects comes back in its answer and is not left there). The workbench's Slurm jobs
// window uses it when a login node is named.

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/remote/SlurmJobs.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::remote {

struct LoginNodeJobs {
  std::vector<BatchStatus> batches;
  nlohmann::ordered_json cancelled = nlohmann::ordered_json::array();  // as `jobs --json` says
  nlohmann::ordered_json collected = nlohmann::ordered_json::array();
  int exitCode = 0;  // the command's there
};

// `args`: what follows DIR ("--cancel", "--job", "77", "--collect"). A relative DIR is the login
// node's home folder's. Raises NotAvailable where ssh cannot reach the host or the host has no
// detbench, InvalidArgument for the refusal of the detbench there (its words) or an answer that
// is not its listing.
LoginNodeJobs jobsOnLoginNode(const SshTarget& login, const std::string& dir,
                              const std::vector<std::string>& args,
                              std::chrono::seconds limit = std::chrono::seconds(300));

}  // namespace detbench::remote
