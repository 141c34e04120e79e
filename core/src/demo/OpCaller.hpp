#pragma once
// The lessons that compute with the workbench's own ops (the training run, the greedy decoder)
// call them through this: one op on given tensors, on a device, under settings, in the form
// PyTorch's dispatch would choose (raising as it would in error mode).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "detbench/BackendRegistry.hpp"
#include "detbench/Context.hpp"
#include "detbench/Dispatch.hpp"
#include "detbench/OpCatalog.hpp"
#include "detbench/OpDefinition.hpp"

namespace detbench::demo {

class OpCaller {
 public:
  OpCaller(const BackendRegistry& registry, const std::string& device, const Settings& settings)
      : backend_(registry.get(device)), settings_(settings) {}

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
    return prepared->readOutput();
  }

 private:
  Backend& backend_;
  Settings settings_;
};

// The tensors, moved into the vector an op takes (HostTensor is move-only).
template <typename... T>
std::vector<HostTensor> tensors(T&&... t) {
  std::vector<HostTensor> v;
  (v.push_back(std::forward<T>(t)), ...);
  return v;
}

}  // namespace detbench::demo
