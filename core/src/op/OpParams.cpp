#include "detbench/op/OpParams.hpp"

#include "detbench/base/Error.hpp"

namespace detbench {

OpParams resolveParams(const std::string& opName, const std::vector<ParamSpec>& specs,
                       const OpParams& given) {
  OpParams resolved;
  for (const auto& [name, value] : given) {
    bool known = false;
    for (const auto& spec : specs) known = known || spec.name == name;
    if (!known) {
      std::string names;
      for (const auto& spec : specs) names += (names.empty() ? "" : ", ") + spec.name;
      DETBENCH_THROW(InvalidArgument, "op " + opName + " has no parameter '" + name +
                                          "'; its parameters are: " + names);
    }
  }
  for (const auto& spec : specs) {
    const auto it = given.find(spec.name);
    const std::int64_t value = it == given.end() ? spec.defaultValue : it->second;
    if (value < spec.min || value > spec.max) {
      DETBENCH_THROW(InvalidArgument, "op " + opName + ": " + spec.name + " = " +
                                          std::to_string(value) + " is out of range [" +
                                          std::to_string(spec.min) + ", " +
                                          std::to_string(spec.max) + "]");
    }
    resolved[spec.name] = value;
  }
  return resolved;
}

std::int64_t param(const OpParams& params, const std::string& name) {
  const auto it = params.find(name);
  if (it == params.end()) DETBENCH_THROW(InvalidArgument, "missing op parameter '" + name + "'");
  return it->second;
}

}  // namespace detbench
