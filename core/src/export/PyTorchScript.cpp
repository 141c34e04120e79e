#include "detbench/export/PyTorchScript.hpp"

#include <cstdio>
#include <sstream>

#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/Digest.hpp"
#include "export/PyTorchCalls.hpp"

namespace detbench::exporting {

namespace {

std::string pythonBool(bool b) {
  return b ? "True" : "False";
}

bool severalStreams(const RunResult& run) {
  const auto it = run.params.find("streams");
  return it != run.params.end() && it->second > 1;
}

// A Python string literal (single quotes) of any text, in printable ASCII only: quotes and
// backslashes escaped, and every other character outside ' ' to '~' (line breaks, carriage
// returns, NUL, non-ASCII) as \xNN, \uNNNN or \UNNNNNNNN. Whatever the text holds, the literal
// ends where it should and says that text (ill-formed UTF-8 as U+FFFD).
std::string pythonString(std::string_view text) {
  std::string s = "'";
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = nextCodePoint(text, i);
    if (c == '\\' || c == '\'') {
      s += '\\';
      s += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7F) {
      s += static_cast<char>(c);
    } else {
      char escaped[12];
      if (c < 0x100) {
        std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(c));
      } else if (c < 0x10000) {
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      } else {
        std::snprintf(escaped, sizeof escaped, "\\U%08x", static_cast<unsigned>(c));
      }
      s += escaped;
    }
  }
  return s + "'";
}

// Text from a report for the script's docstring: letters, digits and a few marks kept, anything
// else (quotes, backslashes, line breaks: what could end the docstring) as '?', at most 120
// bytes. The docstring only describes; the values the script uses are literals above.
std::string docstringText(std::string_view text) {
  std::string s;
  for (const char c : text.substr(0, 120)) {
    const bool kept = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      std::string_view(" ._-+/@:,=()").find(c) != std::string_view::npos;
    s += kept ? c : '?';
  }
  if (text.size() > 120) s += "...";
  return s;
}

std::string hex64(std::uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

// The digest of Digest.hpp over a NumPy array's bytes (4- or 8-byte elements), with 64-bit
// lanes: a 64 x 64 -> 128-bit product is built from 32-bit halves.
constexpr std::string_view kDigestPython = R"PY(
MASK64 = (1 << 64) - 1
VALUE_KEY, INDEX_KEY = 0xa0761d6478bd642f, 0xe7037ed1a0b428db
INDEX_STEP, FINAL_KEY = 0x9e3779b97f4a7c15, 0x8ebc6af09c88c6e3


def _mum_arrays(a, b):
    m32 = np.uint64(0xFFFFFFFF)
    s32 = np.uint64(32)
    a_lo, a_hi = a & m32, a >> s32
    b_lo, b_hi = b & m32, b >> s32
    ll, lh, hl, hh = a_lo * b_lo, a_lo * b_hi, a_hi * b_lo, a_hi * b_hi
    mid = (ll >> s32) + (lh & m32) + (hl & m32)
    lo = (ll & m32) | (mid << s32)
    hi = hh + (lh >> s32) + (hl >> s32) + (mid >> s32)
    return lo ^ hi


def _mum(a, b):
    r = (a & MASK64) * (b & MASK64)
    return (r & MASK64) ^ (r >> 64)


def digest(array):
    """detbench's digest of an output: position-keyed, order-independent, over the bits."""
    flat = np.ascontiguousarray(array).reshape(-1)
    size = flat.dtype.itemsize
    bits = flat.view(np.uint32 if size == 4 else np.uint64).astype(np.uint64)
    total = 0
    with np.errstate(over="ignore"):
        for start in range(0, bits.size, 1 << 22):
            chunk = bits[start:start + (1 << 22)]
            index = np.arange(start, start + chunk.size, dtype=np.uint64)
            keys = (index * np.uint64(INDEX_STEP)) ^ np.uint64(INDEX_KEY)
            terms = _mum_arrays(chunk ^ np.uint64(VALUE_KEY), keys)
            total = (total + int(terms.sum(dtype=np.uint64))) & MASK64
    count = bits.size
    return _mum(total ^ FINAL_KEY,
                ((count * INDEX_STEP) & MASK64) ^ ((size * VALUE_KEY) & MASK64) ^ INDEX_KEY)
)PY";

constexpr std::string_view kRunPython = R"PY(

def sync():
    if DEVICE == "cuda":
        torch.cuda.synchronize()


def fmt_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("\u00b5s", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def main():
    if DEVICE == "cuda" and not torch.cuda.is_available():
        print("This run was on a CUDA device and no CUDA device is available here.")
        return 2
    io = {name: load(name) for name in INPUTS}
    digests, times = [], []
    try:
        for _ in range(WARMUP):
            op(io)
            sync()
        for _ in range(TRIALS):
            sync()
            start = time.perf_counter_ns()
            out = op(io)
            sync()
            times.append(time.perf_counter_ns() - start)
            digests.append(digest(out.detach().cpu().numpy()))
    except RuntimeError as e:
        print(f"  Error:     RuntimeError: {e}")
        print(f"  detbench:  {DETBENCH_VERDICT}")
        return 3
    distinct = len(set(digests))
    print(f"{OP} in PyTorch {torch.__version__} on {DEVICE}")
    if distinct == 1:
        print(f"  Outputs:   bitwise reproducible over {TRIALS} trials")
    else:
        print(f"  Outputs:   {distinct} distinct outputs in {TRIALS} trials: NOT reproducible")
    mean = statistics.fmean(times)
    spread = statistics.stdev(times) if len(times) > 1 else 0.0
    print(f"  Time:      {fmt_time(mean)} \u00b1 {fmt_time(spread)} per trial"
          f" (min {fmt_time(min(times))}, max {fmt_time(max(times))})")
    print(f"  detbench:  {DETBENCH_VERDICT}")
    first = digests[0]
    if first == DETBENCH_TRIAL0:
        print(f"  Trial 0:   digest {first:#018x}, bitwise equal to detbench's trial 0")
    elif first in DETBENCH_DIGESTS:
        print(f"  Trial 0:   digest {first:#018x}, bitwise equal to one of detbench's outputs")
    else:
        shared = len(set(digests) & DETBENCH_DIGESTS)
        print(f"  Trial 0:   digest {first:#018x}, differs from detbench's trial 0"
              f" ({DETBENCH_TRIAL0:#018x}); {shared} of PyTorch's outputs are among detbench's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
)PY";

}  // namespace

std::optional<std::string> whyNotExportable(const RunResult& run) {
  if (!pytorchCallBody(run.op, severalStreams(run))) {
    return "op " + run.op + " has no PyTorch call to repeat it with (the random ops follow the " +
           "generator's stream, and matmul on several streams is a cuBLAS experiment)";
  }
  if (run.trials.empty()) {
    return "the run has no trials to compare with (it raised, failed or was cancelled before "
           "its first trial)";
  }
  return std::nullopt;
}

std::string pytorchScript(const RunResult& run, std::string_view source) {
  if (auto why = whyNotExportable(run)) DETBENCH_THROW(InvalidArgument, *why);
  const std::string body = *pytorchCallBody(run.op, severalStreams(run));
  const Settings& s = run.settings;
  const bool cuda = run.device == "cuda";
  std::ostringstream py;
  py << "#!/usr/bin/env python3\n"
     << "\"\"\"" << docstringText(run.op) << " as detbench ran it on " << docstringText(run.device)
     << ", repeated in PyTorch.\n\n"
     << "Written by `detbench export-pytorch` from " << docstringText(source)
     << ". The inputs are the .npy\n"
     << "files beside this script; run it with the python3 that has torch:\n\n"
     << "    python3 repro.py\n\n"
     << "It prints distinct outputs and time per trial as detbench does, and whether PyTorch's\n"
     << "outputs are bit for bit detbench's (detbench's digest, computed in NumPy).\n";
  if (run.device == "cpu-threads") {
    py << "detbench's cpu-threads device mirrors PyTorch's CUDA kernels on the CPU; this script\n"
       << "runs PyTorch's own CPU kernels with as many threads.\n";
  }
  py << "\"\"\"\n"
     << "import os\n\n";
  if (s.cublasWorkspaceConfig) {
    py << "# cuBLAS reads this once, when CUDA starts: it must be set before torch is imported.\n"
       << "os.environ[\"CUBLAS_WORKSPACE_CONFIG\"] = "
       << pythonString(s.cublasWorkspaceConfig->text) << "\n";
  } else {
    py << "# CUBLAS_WORKSPACE_CONFIG was not set for detbench's run.\n"
       << "os.environ.pop(\"CUBLAS_WORKSPACE_CONFIG\", None)\n";
  }
  py << "\nimport statistics  # noqa: E402\nimport sys  # noqa: E402\nimport time  # noqa: E402\n\n"
     << "import numpy as np  # noqa: E402\nimport torch  # noqa: E402\n"
     << "import torch.nn.functional as F  # noqa: E402,F401\n\n"
     << "OP = " << pythonString(run.op) << "\n"
     << "DEVICE = " << pythonString(cuda ? "cuda" : "cpu") << "\n"
     << "TRIALS = " << run.trials.size() << "\n"
     << "WARMUP = " << run.warmup << "\n"
     << "P = {";
  bool first = true;
  for (const auto& [k, v] : run.params) {
    py << (first ? "" : ", ") << pythonString(k) << ": " << v;
    first = false;
  }
  py << "}\nINPUTS = [";
  first = true;
  for (const auto& in : run.inputs) {
    py << (first ? "" : ", ") << pythonString(in.name);
    first = false;
  }
  py << "]\n";
  // detbench's own outcome, to compare with.
  py << "DETBENCH_TRIAL0 = " << hex64(run.trials.front().digest) << "\n"
     << "DETBENCH_DIGESTS = {";
  first = true;
  for (const auto& d : run.summary.digests) {
    py << (first ? "" : ", ") << hex64(d.digest);
    first = false;
  }
  py << "}\n";
  std::ostringstream verdict;
  if (run.summary.reproducible) {
    verdict << "bitwise reproducible over " << run.summary.trials << " trials";
  } else {
    verdict << run.summary.distinctDigests << " distinct outputs in " << run.summary.trials
            << " trials: NOT reproducible";
  }
  verdict << " on " << run.device << " (" << toString(run.dispatch.form) << " form)";
  py << "DETBENCH_VERDICT = " << pythonString(verdict.str()) << "\n\n";
  // The settings, as PyTorch spells them.
  py << "torch.set_num_threads(" << (run.device == "cpu" ? 1 : run.threads) << ")\n";
  if (run.seedWasSet) {
    py << "torch.manual_seed(" << run.seed << ")\n";
  } else {
    py << "# detbench drew a fresh seed (" << run.seed << "); the seed was not set.\n";
  }
  py << "torch.backends.cudnn.benchmark = " << pythonBool(s.cudnnBenchmark) << "\n"
     << "torch.backends.cudnn.deterministic = " << pythonBool(s.cudnnDeterministic) << "\n"
     << "torch.use_deterministic_algorithms("
     << pythonBool(s.deterministic != DeterministicMode::Off)
     << (s.deterministic == DeterministicMode::Warn ? ", warn_only=True" : "") << ")\n"
     << "if hasattr(torch.utils, \"deterministic\"):  # from PyTorch 2.1\n"
     << "    torch.utils.deterministic.fill_uninitialized_memory = "
     << pythonBool(s.fillUninitializedMemory) << "\n\n\n"
     << "def load(name):\n"
     << "    here = os.path.dirname(os.path.abspath(__file__))\n"
     << "    return torch.from_numpy(np.load(os.path.join(here, name + \".npy\"))).to(DEVICE)\n\n\n"
     << "def op(io):\n"
     << body << "\n"
     << kDigestPython << kRunPython;
  return py.str();
}

}  // namespace detbench::exporting
