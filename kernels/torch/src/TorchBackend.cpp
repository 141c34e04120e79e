#include <algorithm>
#include <utility>

#include "TorchOpTable.hpp"
#include "TorchPreparedOp.hpp"
#include "TorchRuntime.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/torch/TorchBackends.hpp"
#ifdef DETBENCH_TORCH_CUDA
#include "TorchCuda.hpp"
#endif

namespace detbench::torchdev {

namespace {

// 0 threads: PyTorch's own default (its physical cores, or what OMP_NUM_THREADS says).
int resolvedThreads(const Context& context) {
  const int asked = context.settings().threads;
  return asked > 0 ? asked : pytorchDefaultThreads();
}

class TorchBackend : public Backend {
 public:
  explicit TorchBackend(TorchDeviceKind kind) : kind_(kind) {}

  std::string_view id() const override {
    return kind_ == TorchDeviceKind::Cpu ? "torch-cpu" : "torch-cuda";
  }
  TraitsClass traitsClass() const override {
    return kind_ == TorchDeviceKind::Cpu ? TraitsClass::Cpu : TraitsClass::Cuda;
  }
  bool runsLibraryDispatch() const override { return true; }

  Availability availability() const override {
    if (kind_ == TorchDeviceKind::Cpu) return {true, ""};
#ifdef DETBENCH_TORCH_CUDA
    return cuda::availability();
#else
    return {false, "the libtorch of this build (PyTorch " + torchBuild().version +
                       ") has no CUDA: build detbench against a PyTorch with CUDA "
                       "(DETBENCH_TORCH_PYTHON) for torch-cuda"};
#endif
  }

  std::map<std::string, std::string> deviceInfo() const override {
    const TorchBuild build = torchBuild();
    std::map<std::string, std::string> info{
        {"kind", kind_ == TorchDeviceKind::Cpu ? "PyTorch's own CPU kernels (libtorch)"
                                               : "PyTorch's own CUDA kernels (libtorch)"},
        {"pytorch", build.version},
        {"module_built_against", DETBENCH_TORCH_VERSION},
        {"fill_uninitialized_memory",
         kHasFillUninitializedMemory ? "a setting of this release" : "not in this release"},
    };
    if (kind_ == TorchDeviceKind::Cpu) {
      if (!build.cpuCapability.empty()) info["cpu_capability"] = build.cpuCapability;
      info["default_threads"] = std::to_string(build.threads);
    }
#ifdef DETBENCH_TORCH_CUDA
    if (kind_ == TorchDeviceKind::Cuda) {
      for (auto& [k, v] : cuda::deviceInfo()) info[k] = v;
    }
#endif
    return info;
  }

  int threads(const Context& context) const override {
    return kind_ == TorchDeviceKind::Cpu ? resolvedThreads(context) : 1;
  }

  bool supports(std::string_view op) const override {
    const TorchOpEntry* entry = findTorchOp(op);
    return entry != nullptr && (kind_ == TorchDeviceKind::Cpu || entry->cpuOnly.empty());
  }

  void checkRequest(const OpDefinition& op, const OpParams& params,
                    const Settings& settings) const override {
    const std::string where = "on " + std::string(id()) + ", PyTorch's own dispatch runs " +
                              std::string(op.name()) + ": ";
    if (settings.form != FormRequest::Default) {
      DETBENCH_THROW(InvalidArgument,
                     where + "the implementation '" + std::string(toString(settings.form)) +
                         "' is one of detbench's kernels, which this device does not run "
                         "(deterministic algorithms set PyTorch's own switch)");
    }
    if (settings.semantics == CatalogSemantics::Extensions) {
      DETBENCH_THROW(InvalidArgument,
                     where +
                         "detbench's extensions are detbench's own kernels, not PyTorch's "
                         "(the catalog's PyTorch semantics run here)");
    }
    if (!kHasFillUninitializedMemory && !settings.fillUninitializedMemory) {
      DETBENCH_THROW(InvalidArgument,
                     where + "PyTorch " + torchBuild().version +
                         " has no fill_uninitialized_memory setting to turn off (it is in "
                         "torch.utils.deterministic from 2.2 on)");
    }
    if (const TorchOpEntry* entry = findTorchOp(op.name())) {
      for (std::string_view name : entry->detbenchOnly) {
        const auto it = params.find(std::string(name));
        const auto spec = std::find_if(op.params().begin(), op.params().end(),
                                       [&](const ParamSpec& s) { return s.name == name; });
        if (it != params.end() && spec != op.params().end() && it->second != spec->defaultValue) {
          DETBENCH_THROW(InvalidArgument,
                         where + "-p " + std::string(name) + "=" + std::to_string(it->second) +
                             " chooses among detbench's own kernels; PyTorch has no such "
                             "parameter (leave it at " +
                             std::to_string(spec->defaultValue) + ")");
        }
      }
    }
  }

  std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& params,
                                      const OpInputs& inputs, Form /*form*/,
                                      const Context& context) override {
    return makeTorchPreparedOp(kind_, op, params, inputs, context, threads(context));
  }

 private:
  TorchDeviceKind kind_;
};

}  // namespace

std::vector<std::unique_ptr<Backend>> makeTorchBackends() {
  pytorchDefaultThreads();  // read before any run sets another count
  std::vector<std::unique_ptr<Backend>> out;
  out.push_back(std::make_unique<TorchBackend>(TorchDeviceKind::Cpu));
  out.push_back(std::make_unique<TorchBackend>(TorchDeviceKind::Cuda));
  return out;
}

}  // namespace detbench::torchdev
