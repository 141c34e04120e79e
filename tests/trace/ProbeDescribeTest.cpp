// How the probe writes a tensor and an op's scalar arguments into a record
// (detbench_probe/describe.py, opinfo.py): the per-dtype and per-shape text it keeps between ops
// gives the same record as a fresh one, and every number comes out as JSON detbench reads back,
// whatever type the script passed it as.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "TracePython.hpp"
#include "detbench/trace/ProbeFiles.hpp"
#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {
namespace {

constexpr const char* kDescribeProgram = R"(
import enum, torch
from detbench_probe import digest as D
from detbench_probe.describe import describe
from detbench_probe.opinfo import _scalar_text

class Mode(enum.IntEnum):
    FAST = 3

t = torch.arange(6.0).reshape(2, 3)
u = torch.arange(6.0).reshape(2, 3) + 1  # the same dtype and shape: the kept text
tensors = [describe(t), describe(t, 4), describe(u), describe(t), describe(t.t())]
values = [0.0, -0.0, 0.0, 1.5, 1.5, float("nan"), float("inf"), -float("inf"), Mode.FAST,
          [1, 2.5, True]]
try:
    import numpy
    values.append(numpy.float64(0.25))
except ImportError:
    values.append(0.25)
arguments = ",".join('"a%d":%s' % (i, _scalar_text(v)) for i, v in enumerate(values))
print('{"t":"op","i":1,"op":"aten::x","s":0,"in":[' + ",".join(tensors) + '],"a":{' +
      arguments + '},"out":[]}')
print(D.digest(t), D.digest(u), D.digest(t.t()))
)";

TEST(ProbeDescribe, KeptTextGivesTheRecordAFreshOneWouldAndNumbersStayJson) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kDescribeProgram);
  std::istringstream lines(out);
  std::string record;
  std::uint64_t ofT = 0, ofU = 0, ofTransposed = 0;
  std::getline(lines, record);
  lines >> ofT >> ofU >> ofTransposed;
  ASSERT_FALSE(record.empty()) << out;
  const auto op = std::get<TraceOp>(parseTraceRecord(record));
  ASSERT_EQ(op.inputs.size(), 5u) << out;
  for (const auto& in : op.inputs) {
    EXPECT_EQ(in.dtype, "float32");
    EXPECT_EQ(in.device, "cpu");
  }
  EXPECT_EQ(op.inputs[0].digest, ofT);
  EXPECT_EQ(op.inputs[0].shape, (Shape{2, 3}));
  EXPECT_FALSE(op.inputs[0].assembled);
  EXPECT_EQ(op.inputs[1].digest, ofT);  // with a flag: the same tensor, flagged
  EXPECT_TRUE(op.inputs[1].assembled);
  EXPECT_EQ(op.inputs[2].digest, ofU);
  EXPECT_NE(ofU, ofT);
  EXPECT_EQ(op.inputs[3], op.inputs[0]);  // described again: the same text
  EXPECT_EQ(op.inputs[4].digest, ofTransposed);
  EXPECT_EQ(op.inputs[4].shape, (Shape{3, 2}));

  ASSERT_EQ(op.scalars.size(), 11u) << record;
  const auto value = [&](int i) {  // by name: the record's members come in any order
    for (const auto& [name, text] : op.scalars)
      if (name == "a" + std::to_string(i)) return text;
    return std::string("(none)");
  };
  EXPECT_EQ(value(0), "0.0");
  EXPECT_EQ(value(1), "-0.0");  // not taken for 0.0 though equal to it
  EXPECT_EQ(value(2), "0.0");
  EXPECT_EQ(value(3), "1.5");
  EXPECT_EQ(value(4), "1.5");
  EXPECT_EQ(value(5), "\"nan\"");
  EXPECT_EQ(value(6), "\"inf\"");
  EXPECT_EQ(value(7), "\"-inf\"");
  EXPECT_EQ(value(8), "3");  // an IntEnum: its number, not its name
  EXPECT_EQ(value(9), "[1,2.5,true]");
  EXPECT_EQ(value(10), "0.25");  // NumPy's float64: a number, not "np.float64(0.25)"
}

}  // namespace
}  // namespace detbench::trace
