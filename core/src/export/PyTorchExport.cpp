#include "detbench/export/PyTorchExport.hpp"

#include <filesystem>

#include "detbench/base/Error.hpp"
#include "detbench/export/PyTorchScript.hpp"
#include "detbench/io/NpyWriter.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/HostMemory.hpp"

namespace detbench::exporting {

namespace fs = std::filesystem;

PyTorchExportWritten writePyTorchExport(const RunResult& run, const std::string& dir,
                                        std::string_view source) {
  if (auto why = whyNotExportable(run)) DETBENCH_THROW(InvalidArgument, *why);
  const std::string script = pytorchScript(run, source);
  // The inputs again, from the run's data seed: the same bytes, or the run came from a
  // detbench that makes other inputs.
  const OpInputs inputs =
      prepareInputs(opDefinition(run.op), run.params, run.dataSeed, availableMemoryBytes());
  if (inputs.fingerprint != run.inputFingerprint) {
    DETBENCH_THROW(InvalidArgument,
                   "the inputs made from the run's data seed differ from its own (input "
                   "fingerprint " +
                       formatDigest(inputs.fingerprint) + ", the run's " +
                       formatDigest(run.inputFingerprint) +
                       "): it was made by another version of detbench");
  }
  // The script loads the inputs by the report's names: they must be the files written here.
  bool sameNames = run.inputs.size() == inputs.specs.size();
  for (std::size_t i = 0; sameNames && i < inputs.specs.size(); ++i) {
    sameNames = run.inputs[i].name == inputs.specs[i].name;
  }
  DETBENCH_CHECK_ARG(sameNames, "the report's inputs are not named as " + run.op + "'s are");
  PyTorchExportWritten written;
  written.script = (fs::path(dir) / "repro.py").string();
  OutputBatch batch;
  batch.addFolder(dir);
  batch.add(written.script, script);
  for (std::size_t i = 0; i < inputs.tensors.size(); ++i) {
    std::string npy = toNpy(inputs.tensors[i]);
    written.bytes += static_cast<double>(npy.size());
    batch.add((fs::path(dir) / (inputs.specs[i].name + ".npy")).string(), std::move(npy));
  }
  batch.commit();
  written.inputs = inputs.tensors.size();
  return written;
}

}  // namespace detbench::exporting
