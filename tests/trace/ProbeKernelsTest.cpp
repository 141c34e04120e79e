// The probe's kernel listing (detbench_probe/kernels.py) on a stand-in for Inductor's output code:
// a module with `call`, a C++-style kernel called directly and a Triton-style one called through
// `.run`. Needs only torch, so it runs with Debian's 1.13, which has no torch.compile; the real
// output code is traced in TraceRunTest with a PyTorch 2.x.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "TracePython.hpp"
#include "detbench/trace/ProbeFiles.hpp"
#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {
namespace {

constexpr const char* kProgram = R"(
import sys, types, torch
from detbench_probe import digest as D, kernels as K
from detbench_probe.opinfo import _storage_ptr

log = K.KernelLog()
m = types.ModuleType("output_code")
m.__file__ = "/cache/output_code.py"
m.torch = torch
def cpp_fused_add_0(a, out):
    out.copy_(a + 1)
class Autotuner:  # what Inductor's Triton kernels are: launched through run
    def run(self, a, out, stream=None):
        out.copy_(a * 2)
m.cpp_fused_add_0 = cpp_fused_add_0
m.triton_poi_fused_mul_1 = Autotuner()
m.helper = 7
exec("def call(a):\n"
     "    b = torch.empty(4)\n"
     "    c = torch.empty(4)\n"
     "    cpp_fused_add_0(a, b)\n"
     "    triton_poi_fused_mul_1.run(b, c, stream=0)\n"
     "    return c\n", m.__dict__)
log.wrap(m)
log.wrap(m)  # once only
a = torch.arange(4.0)
outer = log.begin()
c = m.call(a)
fields = log.end(outer)
print('{"t":"op","i":1,"op":"compiled::f","s":0,"in":[],"out":[]' + fields + '}')
b = a + 1
expected = [D.mum(D.mum(0 ^ D.digest(a), D.INDEX_STEP) ^ D.digest(b), D.INDEX_STEP),
            D.mum(D.mum(0 ^ D.digest(b), D.INDEX_STEP) ^ D.digest(b * 2), D.INDEX_STEP)]
print(" ".join(str(e) for e in expected))
print(float(c.sum()), m.helper, "/cache/output_code.py" in log.files)
# Outside a call of compiled code (a compiled backward): nothing listed, the memory remembered
# while a script is recorded.
log.active = True
d = m.call(a)
print(_storage_ptr(d) in log.made, log.end(log.begin()) == "")
)";

TEST(ProbeKernels, AStandInOutputCodesKernelsAreListedWithTheirTensorsDigests) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kProgram);
  std::istringstream lines(out);
  std::string record, sum, helper, fileKnown, made, nothingListed;
  std::uint64_t first = 0, second = 0;
  std::getline(lines, record);
  lines >> first >> second >> sum >> helper >> fileKnown >> made >> nothingListed;
  ASSERT_FALSE(record.empty()) << out;
  const auto op = std::get<TraceOp>(parseTraceRecord(record));
  ASSERT_EQ(op.kernels.size(), 2u) << out;
  EXPECT_EQ(op.kernelCalls, 2);
  EXPECT_EQ(op.kernels[0].name, "cpp_fused_add_0");
  EXPECT_EQ(op.kernels[1].name, "triton_poi_fused_mul_1");
  EXPECT_EQ(op.kernels[0].digest, first);
  EXPECT_EQ(op.kernels[1].digest, second);
  EXPECT_EQ(sum, "20.0");  // (0+1 + 1+1 + 2+1 + 3+1) * 2: the kernels still ran
  EXPECT_EQ(helper, "7");  // what is not a kernel is left alone
  EXPECT_EQ(fileKnown, "True");
  EXPECT_EQ(made, "True");
  EXPECT_EQ(nothingListed, "True");
}

}  // namespace
}  // namespace detbench::trace
