#pragma once
// The batch jobs' listing as JSON (`detbench jobs DIR --json`), and read back where another
// machine printed it: the workbench follows a cluster's jobs through its login node by running
// that command there over ssh. What is read back is checked as any answer from elsewhere is.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/remote/SlurmJobs.hpp"

namespace detbench::remote {

nlohmann::ordered_json batchesToJson(const std::vector<BatchStatus>& batches);
// Raises InvalidArgument ("the listing ...: <why>") where `j` is not such a listing.
std::vector<BatchStatus> batchesFromJson(const nlohmann::ordered_json& j);

}  // namespace detbench::remote
