#pragma once
// The lessons that compute with the workbench's own ops (the training run, the greedy decoder)
// call them through this: one op on given tensors, on a device, under settings, in the form
// PyTorch's dispatch would choose (raising as it would in error mode).

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/catalog/Dispatch.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/settings/Context.hpp"

namespace detbench::demo {

class OpCaller {
 public:
  // `algorithms`, where given, collects what each op ran where a library chose it
  // ("conv2d_backward_filter: BWD_FILTER_ALGO_1, ..."), each line once.
  OpCaller(const BackendRegistry& registry, const std::string& device, const Settings& settings,
           std::vector<std::string>* algorithms = nullptr)
      : backend_(registry.get(device)), settings_(settings), algorithms_(algorithms) {}

  HostTensor call(const std::string& op, const OpParams& given, std::vector<HostTensor> tensors,
                  std::optional<std::uint64_t> seed = std::nullopt) {
    const OpDefinition& def = opDefinition(op);
    const OpParams params = resolveParams(op, def.params(), given);
    Settings s = settings_;
    if (seed) s.seed = seed;
    Context context(s);
    const DispatchDecision d =
        dispatch(*findOpTraits(op, s.pytorch), backend_.traitsClass(), context);
    OpInputs inputs;
    inputs.specs = def.inputSpecs(params);
    inputs.tensors = std::move(tensors);
    inputs.output = def.outputSpec(params);
    auto prepared = backend_.prepare(def, params, inputs, d.form, context);
    prepared->execute();
    if (algorithms_) {
      const std::string chosen = prepared->algorithm();
      const std::string line = op + ": " + chosen;
      if (!chosen.empty() &&
          std::find(algorithms_->begin(), algorithms_->end(), line) == algorithms_->end()) {
        algorithms_->push_back(line);
      }
    }
    return prepared->readOutput();
  }

 private:
  Backend& backend_;
  Settings settings_;
  std::vector<std::string>* algorithms_;
};

// The tensors, moved into the vector an op takes (HostTensor is move-only).
template <typename... T>
std::vector<HostTensor> tensors(T&&... t) {
  std::vector<HostTensor> v;
  (v.push_back(std::forward<T>(t)), ...);
  return v;
}

}  // namespace detbench::demo
