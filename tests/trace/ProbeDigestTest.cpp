// The probe's digest, computed with detbench's compiled digest (its extension module, ctypes), in
// Python with NumPy and with torch ops, equals detbench's C++ digest of the same bytes, for every
// dtype (Debian's python3-torch; skipped without it).

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "TracePython.hpp"
#include "detbench/run/Digest.hpp"
#include "detbench/trace/ProbeFiles.hpp"

namespace detbench::trace {
namespace {

struct Case {
  std::string name;
  std::string dtype;
  std::size_t component;  // bytes of one digested element
  std::size_t parts;      // digested elements per tensor element (2 for complex)
  std::size_t count;
};

TEST(ProbeDigest, EqualsTheCppDigestForEveryDtype) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string dir = probe.freshSubfolder("cases");
  const std::vector<std::tuple<std::string, std::size_t, std::size_t>> dtypes{
      {"float32", 4, 1}, {"float64", 8, 1}, {"float16", 2, 1},   {"bfloat16", 2, 1},
      {"int64", 8, 1},   {"int32", 4, 1},   {"int16", 2, 1},     {"int8", 1, 1},
      {"uint8", 1, 1},   {"bool", 1, 1},    {"complex64", 4, 2}, {"complex128", 8, 2}};
  std::vector<Case> cases;
  std::mt19937_64 random(20261125);
  std::map<std::string, std::vector<unsigned char>> bytes;
  for (const auto& [dtype, component, parts] : dtypes) {
    // 0 and 1 elements, a few, and past the probe's chunks (2^16 elements with NumPy, 2^20
    // with torch ops).
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{7},
                                    std::size_t{1000}, (std::size_t{1} << 20) + 5}) {
      if (count > 1000 && component * parts > 4) continue;  // keep the files small
      Case c{dtype + "-" + std::to_string(count), dtype, component, parts, count};
      std::vector<unsigned char> data(count * component * parts);
      for (auto& b : data) b = static_cast<unsigned char>(random());
      if (dtype == "bool") {
        for (auto& b : data) b &= 1;
      }
      std::ofstream(dir + "/" + c.name + ".bin", std::ios::binary)
          .write(reinterpret_cast<const char*>(data.data()),
                 static_cast<std::streamsize>(data.size()));
      bytes[c.name] = std::move(data);
      cases.push_back(c);
    }
  }
  std::ostringstream program;
  const std::string library = probeDigestLibrary();
  program << "import os, sys, torch\nsys.path.insert(0, " << pythonString(probe.path()) << ")\n"
          << "os.environ['DETBENCH_TRACE_DIGEST_LIB'] = " << pythonString(library) << "\n"
          << "from detbench_probe import digest as D\n"
          << "print('library', D._library is not None)\n"
          // Where the extension module loads, the probe calls it; the C entry through ctypes
          // gives the same digests.
          << "import ctypes\n"
          << "module = type(D._library).__name__ == 'builtin_function_or_method'\n"
          << "entry = ctypes.CDLL(" << pythonString(library) << ").detbench_probe_digest "
          << "if D._library else None\n"
          << "if entry:\n"
          << "    entry.restype = ctypes.c_uint64\n"
          << "    entry.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64]\n"
          << "data = torch.arange(1000, dtype=torch.int32)\n"
          << "same = entry is None or all(D._library(data.data_ptr() if n else None, 4, n) == "
          << "entry(data.data_ptr() if n else None, 4, n) for n in (0, 1, 999, 1000))\n"
          << "print('module', module, same)\n"
          << "for name, dtype in [";
  for (const auto& c : cases) program << "(" << pythonString(c.name) << ", '" << c.dtype << "'),";
  program << "]:\n"
          << "    data = bytearray(open(" << pythonString(dir + "/")
          << " + name + '.bin', 'rb').read())\n"
          << "    dt = getattr(torch, dtype)\n"
          << "    t = torch.frombuffer(data, dtype=dt) if data else torch.empty(0, dtype=dt)\n"
          << "    print(name, D.digest(t), D.digest(t, use_library=False),\n"
          << "          D.digest(t, use_numpy=False, use_library=False), D.digest(t[::2]),\n"
          << "          D.digest(t[::2], use_library=False),\n"
          << "          D.digest(t[::2], use_numpy=False, use_library=False))\n";
  const std::string out = runPython(program.str());
  std::istringstream lines(out);
  std::string name, loaded, module, same;
  lines >> name >> loaded >> name >> module >> same;
  // Where the build has it (not in sanitizer builds), the probe loads the compiled digest, and
  // the extension module where that was built beside it.
  EXPECT_EQ(loaded, library.empty() ? "False" : "True") << out;
  const bool moduleBuilt = !library.empty() && std::filesystem::is_regular_file(
                                                   std::filesystem::path(library).parent_path() /
                                                   "_detbench_digest.abi3.so");
  EXPECT_EQ(module, moduleBuilt ? "True" : "False") << out;
  EXPECT_EQ(same, "True") << out;
  std::uint64_t compiled = 0, numpy = 0, ops = 0, compiledStrided = 0, numpyStrided = 0,
                opsStrided = 0;
  std::size_t seen = 0;
  std::map<std::string, const Case*> byName;
  for (const auto& c : cases) byName[c.name] = &c;
  while (lines >> name >> compiled >> numpy >> ops >> compiledStrided >> numpyStrided >>
         opsStrided) {
    const Case& c = *byName.at(name);
    const auto& data = bytes.at(name);
    const std::uint64_t expected = digestBytes(data.data(), c.component, c.count * c.parts);
    EXPECT_EQ(compiled, expected) << name << " (compiled)";
    EXPECT_EQ(numpy, expected) << name << " (NumPy)";
    EXPECT_EQ(ops, expected) << name << " (torch ops)";
    // Every other element, in order: the digest of a strided view is of its logical order.
    std::vector<unsigned char> strided;
    const std::size_t element = c.component * c.parts;
    for (std::size_t i = 0; i < c.count; i += 2) {
      strided.insert(strided.end(), data.begin() + static_cast<std::ptrdiff_t>(i * element),
                     data.begin() + static_cast<std::ptrdiff_t>((i + 1) * element));
    }
    const std::uint64_t expectedStrided =
        digestBytes(strided.data(), c.component, strided.size() / c.component);
    EXPECT_EQ(compiledStrided, expectedStrided) << name << " strided (compiled)";
    EXPECT_EQ(numpyStrided, expectedStrided) << name << " strided (NumPy)";
    EXPECT_EQ(opsStrided, expectedStrided) << name << " strided (torch ops)";
    ++seen;
  }
  EXPECT_EQ(seen, cases.size()) << out;
}

// A strided view (rows of a slice, a transpose, steps in two dimensions, an expanded row, a
// permutation of three dimensions, a column) digests as its contiguous copy does, in every form
// (compiled, NumPy, torch ops), for floating, integer, boolean and complex dtypes.
TEST(ProbeDigest, AStridedTensorDigestsAsItsContiguousCopy) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string library = probeDigestLibrary();
  std::ostringstream program;
  program << "import os, sys, torch\nsys.path.insert(0, " << pythonString(probe.path()) << ")\n"
          << "os.environ['DETBENCH_TRACE_DIGEST_LIB'] = " << pythonString(library) << "\n"
          << "from detbench_probe import digest as D\n"
          << "g = torch.Generator().manual_seed(7)\n"
          << "checked = 0\n"
          << "for dt in (torch.float32, torch.float64, torch.float16, torch.int8, torch.bool,\n"
          << "           torch.complex64):\n"
          << "    for n in (1000, 1048600):\n"
          << "        t = torch.randn(n, generator=g, dtype=torch.float64).to(dt)\n"
          << "        m = t.reshape(-1, 50)\n"
          << "        views = {'rows': m[:, 5:45], 'transpose': m.t(), 'steps': m[::3, ::7],\n"
          << "                 'expanded': t[:50].reshape(1, 50).expand(4, 50),\n"
          << "                 'permuted': t[:1000].reshape(2, 5, 100).permute(2, 0, 1),\n"
          << "                 'column': m[:, 3]}\n"
          << "        for name, v in views.items():\n"
          << "            assert not v.is_contiguous(), name\n"
          << "            want = D.digest(v.contiguous())\n"
          << "            for got, how in ((D.digest(v), 'compiled'),\n"
          << "                             (D.digest(v, use_library=False), 'numpy'),\n"
          << "                             (D.digest(v, use_numpy=False, use_library=False), "
             "'ops')):\n"
          << "                if got != want:\n"
          << "                    print('mismatch', dt, n, name, how, got, want)\n"
          << "            checked += 1\n"
          << "print('checked', checked)\n";
  const std::string out = runPython(program.str());
  EXPECT_EQ(out.find("mismatch"), std::string::npos) << out;
  EXPECT_NE(out.find("checked 72"), std::string::npos) << out;
}

}  // namespace
}  // namespace detbench::trace
