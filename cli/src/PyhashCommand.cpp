// `detbench pyhash WORD...`: the order CPython iterates a set of these strings in, process after
// process. Without PYTHONHASHSEED every interpreter draws a fresh hash secret, so the order
// changes from run to run; with PYTHONHASHSEED=N set before the interpreter starts it is the
// same in every run. `--seed N` prints the order for one value (Python's list repr), to check
// against `PYTHONHASHSEED=N python3 -c 'print(list(set([...])))'`.

#include <random>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "IntegerOption.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchRelease.hpp"
#include "detbench/python/PythonHash.hpp"

namespace detbench::cli {

int pyhashCommand(const CliStreams& io, const PyhashOptions& o) {
  DETBENCH_CHECK_ARG(!o.words.empty(), "pyhash takes the strings of the set (one or more)");
  // A Python version is two numbers like a PyTorch release: the same reader.
  const auto version = parsePyTorchRelease(o.python);
  DETBENCH_CHECK_ARG(
      version && version->major == 3 && version->minor >= 4,
      "--python takes a CPython version from 3.4 on, such as 3.11, not '" + o.python + "'");
  const auto variant = version->minor >= 11 ? python::SipHash::OneThree : python::SipHash::TwoFour;
  if (o.seed) {
    const auto seed = integerOption<std::uint32_t>(*o.seed, "--seed");
    io.out << python::listRepr(python::setOrder(o.words, python::secretForSeed(seed), variant))
           << "\n";
    return kExitOk;
  }
  const int processes = integerOption<int>(o.processes, "--processes", 1, 1000);
  io.out << "list(set(" << python::listRepr(o.words) << ")) in CPython " << o.python
         << ", one interpreter after another:\n";
  std::random_device entropy;  // each interpreter's own os.urandom
  for (int p = 1; p <= processes; ++p) {
    python::HashSecret secret;
    secret.k0 = (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
    secret.k1 = (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
    io.out << "  PYTHONHASHSEED unset, run " << p << ": "
           << python::listRepr(python::setOrder(o.words, secret, variant)) << "\n";
  }
  for (int p = 1; p <= 2; ++p) {
    io.out << "  PYTHONHASHSEED=0,     run " << p << ": "
           << python::listRepr(python::setOrder(o.words, python::secretForSeed(0), variant))
           << "\n";
  }
  io.out << "The order comes from a hash secret each interpreter makes when it starts. Setting "
            "os.environ['PYTHONHASHSEED'] inside the script is too late for that interpreter; "
            "set it before it starts (PYTHONHASHSEED=0 python3 train.py) to get one order "
            "every time.\n";
  return kExitOk;
}

}  // namespace detbench::cli
