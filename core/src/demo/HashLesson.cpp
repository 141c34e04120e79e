#include "detbench/demo/HashLesson.hpp"

#include <random>
#include <set>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench::demo {

std::string_view toString(HashSeedSetting setting) {
  switch (setting) {
    case HashSeedSetting::Unset:
      return "unset";
    case HashSeedSetting::InScript:
      return "in-script";
    case HashSeedSetting::BeforeStart:
      return "before-start";
  }
  return "unset";
}

int HashOutcome::distinctOrders(HashSeedSetting setting) const {
  std::set<std::vector<std::string>> orders;
  for (const auto& i : interpreters) {
    if (i.setting == setting) orders.insert(i.order);
  }
  return static_cast<int>(orders.size());
}

FreshSecret systemFreshSecret() {
  return [] {
    std::random_device entropy;
    python::HashSecret s;
    s.k0 = (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
    s.k1 = (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
    return s;
  };
}

HashOutcome runHashLesson(const HashSpec& spec, const FreshSecret& fresh) {
  // A Python version reads like a PyTorch release: two numbers.
  const auto version = parsePyTorchRelease(spec.python);
  DETBENCH_CHECK_ARG(version && version->major == 3 && version->minor >= 4,
                     "the hash lesson needs CPython 3.4 or later, not " + spec.python);
  const auto variant = version->minor >= 11 ? python::SipHash::OneThree : python::SipHash::TwoFour;
  HashOutcome out;
  out.python = spec.python;
  for (const HashSeedSetting setting :
       {HashSeedSetting::Unset, HashSeedSetting::InScript, HashSeedSetting::BeforeStart}) {
    for (int i = 0; i < spec.interpreters; ++i) {
      // Inside the script, os.environ changes after the secret was drawn: a fresh one all the
      // same.
      const python::HashSecret secret =
          setting == HashSeedSetting::BeforeStart ? python::secretForSeed(0) : fresh();
      out.interpreters.push_back({setting, python::setOrder(spec.words, secret, variant)});
    }
  }
  return out;
}

}  // namespace detbench::demo
