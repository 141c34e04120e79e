#pragma once
// The PYTHONHASHSEED lesson: the order CPython iterates a set of strings in, interpreter after
// interpreter (python/PythonHash.hpp reproduces the hash and the set table). Three kinds of
// interpreter: PYTHONHASHSEED unset (each draws a fresh secret), set with os.environ inside the
// running script (too late: the secret was drawn at start-up, so the same as unset), and set to
// 0 in the environment the interpreter starts with (one secret, one order).

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/demo/Scenario.hpp"
#include "detbench/python/PythonHash.hpp"

namespace detbench::demo {

enum class HashSeedSetting { Unset, InScript, BeforeStart };
std::string_view toString(HashSeedSetting setting);

struct HashInterpreter {
  HashSeedSetting setting;
  std::vector<std::string> order;  // list(set(words)) in this interpreter
};

struct HashOutcome {
  std::string python;  // the CPython version reproduced
  std::vector<HashInterpreter> interpreters;
  // How many different orders the interpreters of one setting gave.
  int distinctOrders(HashSeedSetting setting) const;
};

// Where a fresh interpreter's secret comes from: os.urandom's part, here std::random_device.
// Tests pass a fixed sequence.
using FreshSecret = std::function<python::HashSecret()>;
FreshSecret systemFreshSecret();

HashOutcome runHashLesson(const HashSpec& spec, const FreshSecret& fresh = systemFreshSecret());

}  // namespace detbench::demo
