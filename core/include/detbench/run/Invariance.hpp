#pragma once
// Invariance runs: beyond run to run. The same op on the same inputs under several thread
// counts of cpu-threads, or on several devices, or at several batch sizes. Each configuration runs
// its trials (which says whether it repeats run to run), and its trial-0 output is compared bit for
// bit with the first configuration's (max |diff|, max ULP, elements that differ). It reuses the
// trial runner, the digest and the output comparison; the inputs are made once for all
// configurations.
//
// Batch sizes: an op with a batch dimension (OpDefinition::batchRows) runs on its full batch
// and on the first B rows of it for each B of a list; its inputs for B rows are the first B
// rows of the full batch's (checked). Each batch size's rows are compared with the same rows of
// the full batch, and its first row with the first row computed alone (B = 1).
//
// The measured guarantee takes the names of CCCL's determinism requests, extended:
//   not_guaranteed          some configuration gave more than one output over its trials;
//   run_to_run              each repeats, but not all configurations give the same bits;
//   batch_invariant         a row's bits do not depend on the batch it is computed in;
//   thread_count_invariant  the same bits at every thread count tried;
//   device_invariant        the same bits on every device tried (CCCL's gpu_to_gpu).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/run/CancelToken.hpp"
#include "detbench/run/Statistics.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench {

// Host memory one recorded trial of an invariance run costs, at most: its record, and its part
// of the invariance JSON, built as a document before it is written (measured: 2.0 KB a trial
// whose output repeats, 4.1 KB one whose output differs; docs/REPORT-FORMAT.md, "Limits").
inline constexpr std::int64_t kInvarianceBytesPerTrial = 6144;

enum class InvarianceAxis { Threads, Devices, Batches };
enum class GuaranteeLevel {
  NotGuaranteed,
  RunToRun,
  BatchInvariant,
  ThreadCountInvariant,
  DeviceInvariant
};

std::string_view toString(InvarianceAxis axis);
std::string_view toString(GuaranteeLevel level);

struct InvariancePlan {
  InvarianceAxis axis = InvarianceAxis::Threads;
  std::vector<int> threads;          // Threads: cpu-threads worker counts, each >= 1
  std::vector<std::string> devices;  // Devices: device ids
  // Batches: batch sizes, ascending, 1 to the full batch (empty: defaultBatchSizes). The full
  // batch runs first, whether listed or not.
  std::vector<std::int64_t> batches;
  // Batches: also run each batch size above 1 with the first row among other rows (the others
  // made from another data seed), and compare that row with the same row among the first rows:
  // whether a row depends on what its neighbours hold, not only on how many there are.
  bool otherRows = false;
};

// 1, 2, 3, 4, 8, 16, ... (powers of two), up to and with the full batch.
std::vector<std::int64_t> defaultBatchSizes(std::int64_t fullBatch);

// The number of configurations a valid plan runs (on the batches axis: the full batch and the
// listed sizes, or the default ones).
int invarianceConfigurations(const RunRequest& base, const InvariancePlan& plan);

struct InvariancePoint {
  std::string label;  // "2 threads", the device id, or "4 rows"
  RunResult run;
  // Against the first configuration's trial 0 (the first point compares with itself). On the
  // batches axis the first is the full batch, and the comparison covers this point's rows.
  bool compared = false;  // both ran a trial
  bool equalToFirst = false;
  OutputDiff diff;
  // Batches axis only: the rows computed, and the first row against the first row computed
  // alone (B = 1; compared only when 1 is among the batch sizes).
  std::int64_t rows = 0;
  bool comparedToOne = false;
  bool equalToOne = false;
  OutputDiff diffToOne;
  // Batches axis with otherRows: the first row among other rows against the first row among
  // the batch's first rows (the same batch size).
  bool comparedAmongOthers = false;
  bool equalAmongOthers = false;
  OutputDiff diffAmongOthers;
};

struct InvarianceResult {
  InvarianceAxis axis = InvarianceAxis::Threads;
  std::vector<InvariancePoint> points;
  bool runToRun = false;   // every configuration ran and repeated over its trials
  bool invariant = false;  // every configuration's trial 0 is the first's, bit for bit
  GuaranteeLevel measured = GuaranteeLevel::NotGuaranteed;
  bool cancelled = false;
};

struct InvarianceCallbacks {
  std::function<void(int, const std::string&)> onPointStarted;
  RunCallbacks trial;  // onFirstOutput is the runner's own; set onTrial only
  std::function<void(int, const InvariancePoint&)> onPointFinished;
};

// True for the devices whose thread count the settings choose: cpu-threads (its workers) and
// torch-cpu (PyTorch's intra-op threads, at::set_num_threads).
bool threadsAreASetting(std::string_view device);

// Raises InvalidArgument for a plan that cannot run: no configurations, a repeated one, a
// thread count out of range, thread counts for a device whose threads are not a setting; batch
// sizes for an op without a batch dimension, not ascending, or outside 1 to the full batch.
void validateInvariancePlan(const RunRequest& base, const InvariancePlan& plan);

// Runs base (its op, params, settings, trials; its device for the Threads axis) once per
// configuration of the plan, on inputs made once.
InvarianceResult runInvariance(const TrialRunner& runner, const RunRequest& base,
                               const InvariancePlan& plan,
                               const InvarianceCallbacks& callbacks = {},
                               const CancelToken* cancel = nullptr);

}  // namespace detbench
