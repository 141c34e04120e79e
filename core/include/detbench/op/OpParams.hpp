#pragma once
// Op parameters: named integers with a schema (default, range, help), validated before any
// memory is allocated.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace detbench {

struct ParamSpec {
  std::string name;
  std::string help;
  std::int64_t defaultValue;
  std::int64_t min;
  std::int64_t max;
};

using OpParams = std::map<std::string, std::int64_t>;

// Fills defaults for missing parameters and checks names and ranges; raises InvalidArgument
// naming the op, the parameter and the allowed range.
OpParams resolveParams(const std::string& opName, const std::vector<ParamSpec>& specs,
                       const OpParams& given);

std::int64_t param(const OpParams& params, const std::string& name);

}  // namespace detbench
