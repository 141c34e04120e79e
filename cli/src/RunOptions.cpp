#include "RunOptions.hpp"

#include <cstdlib>

#include "IntegerOption.hpp"
#include "ReleaseOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/run/HostMemory.hpp"

namespace detbench::cli {

void addRequestOptions(CLI::App& app, RunOptions& o) {
  app.add_option("--op", o.op, "Op to run (see `detbench ops`)")->required();
  app.add_option("--device", o.device, "cpu, cpu-threads, cuda, torch-cpu or torch-cuda")
      ->capture_default_str();
  app.add_option("--trials,-n", o.trials, "Recorded trials")->capture_default_str();
  app.add_option("--warmup,-w", o.warmup, "Warm-up trials, not recorded")->capture_default_str();
  app.add_option("--size", o.size, "The op's main size (see `detbench ops` for which)");
  app.add_option("--param,-p", o.params, "Op parameter NAME=VALUE (repeatable)");
  app.add_option("--seed", o.seed, "Seed under study (unset: a fresh one per run, recorded)");
  app.add_option("--data-seed", o.dataSeed, "Seed of the input data")->capture_default_str();
  app.add_option("--deterministic", o.deterministic, "Deterministic algorithms: off, warn or error")
      ->capture_default_str();
  app.add_flag("--cudnn-benchmark", o.cudnnBenchmark, "torch.backends.cudnn.benchmark = True");
  app.add_flag("--cudnn-deterministic", o.cudnnDeterministic,
               "torch.backends.cudnn.deterministic = True");
  app.add_option("--cublas-workspace-config", o.cublasWorkspaceConfig,
                 "CUBLAS_WORKSPACE_CONFIG, :SIZE:COUNT (default: the environment's)");
  app.add_option("--threads", o.threads,
                 "cpu-threads workers, or torch-cpu's threads (0: one per core; PyTorch's own "
                 "default on torch-cpu)")
      ->capture_default_str();
  app.add_option("--semantics", o.semantics,
                 "pytorch, or extensions (detbench's deterministic kernels where PyTorch has none)")
      ->capture_default_str();
  app.add_option("--form", o.form, "default, atomic or deterministic")->capture_default_str();
  app.add_option("--pytorch", o.pytorch,
                 "The PyTorch release to follow, X.Y (default: the one installed, else the "
                 "newest in the catalog; see `detbench env`)");
  app.add_flag("--quiet,-q", o.quiet, "No progress bar");
}

void addRunOptions(CLI::App& app, RunOptions& o) {
  addRequestOptions(app, o);
  app.add_option("--out", o.out, "Write the JSON report here (default: reports/...)");
  app.add_option("--markdown", o.markdown, "Also write the report as Markdown here");
  app.add_flag("--no-report", o.noReport, "Do not write a JSON report");
  app.add_flag("--expect-reproducible", o.expectReproducible,
               "Exit with 1 when the outputs are not bitwise identical");
  app.add_option("--save-io", o.saveIo, "Write inputs and trial 0's output as .npy files here");
}

RunRequest buildRequest(const RunOptions& o) {
  RunRequest r;
  r.op = o.op;
  r.device = o.device;
  r.trials = integerOption<int>(o.trials, "--trials", 1, kMaxTrials);
  r.warmup = integerOption<int>(o.warmup, "--warmup", 0, kMaxWarmup);
  r.dataSeed = integerOption<std::uint64_t>(o.dataSeed, "--data-seed");
  r.memoryLimitBytes = availableMemoryBytes();
  const OpDefinition& def = opDefinition(o.op);
  if (o.size)
    r.params[std::string(def.sizeParam())] = integerOption<std::int64_t>(*o.size, "--size");
  for (const auto& kv : o.params) {
    const auto eq = kv.find('=');
    DETBENCH_CHECK_ARG(eq != std::string::npos && eq > 0,
                       "--param takes NAME=VALUE, got '" + kv + "'");
    const std::string name = kv.substr(0, eq), text = kv.substr(eq + 1);
    r.params[name] = integerOption<std::int64_t>(text, "--param " + name);
  }
  Settings& s = r.settings;
  if (o.seed) s.seed = integerOption<std::uint64_t>(*o.seed, "--seed");
  const auto mode = parseDeterministicMode(o.deterministic);
  DETBENCH_CHECK_ARG(mode.has_value(),
                     "--deterministic must be off, warn or error, not '" + o.deterministic + "'");
  s.deterministic = *mode;
  s.cudnnBenchmark = o.cudnnBenchmark;
  s.cudnnDeterministic = o.cudnnDeterministic;
  std::optional<std::string> cfg = o.cublasWorkspaceConfig;
  if (!cfg) {
    if (const char* env = std::getenv("CUBLAS_WORKSPACE_CONFIG"); env && *env) cfg = env;
  }
  if (cfg) s.cublasWorkspaceConfig = WorkspaceConfig::parse(*cfg);
  s.threads = integerOption<int>(o.threads, "--threads", 0, kMaxThreads);
  const auto sem = parseCatalogSemantics(o.semantics);
  DETBENCH_CHECK_ARG(sem.has_value(),
                     "--semantics must be pytorch or extensions, not '" + o.semantics + "'");
  s.semantics = *sem;
  const auto form = parseFormRequest(o.form);
  DETBENCH_CHECK_ARG(form.has_value(),
                     "--form must be default, atomic or deterministic, not '" + o.form + "'");
  s.form = *form;
  s.pytorch = releaseOption(o.pytorch);
  return r;
}

void followTorchRelease(RunRequest& request, const BackendRegistry& registry, const RunOptions& o) {
  if (o.pytorch || !request.device.starts_with("torch-")) return;
  try {
    const auto info = registry.get(request.device).deviceInfo();
    if (const auto it = info.find("pytorch"); it != info.end()) {
      request.settings.pytorch =
          chooseRelease(it->second, "the " + request.device + " device's libtorch").release;
    }
  } catch (const Error&) {
    // An unavailable device is refused with its reason when the run asks for it.
  }
}

void followTorchRelease(RunRequest& request, const Environment& remote, const RunOptions& o) {
  if (o.pytorch || !request.device.starts_with("torch-")) return;
  for (const DeviceSummary& d : remote.devices) {
    if (d.id != request.device) continue;
    for (const auto& [key, value] : d.info) {
      if (key == "pytorch") {
        request.settings.pytorch =
            chooseRelease(value, "the " + request.device + " device's libtorch there").release;
      }
    }
  }
}

}  // namespace detbench::cli
