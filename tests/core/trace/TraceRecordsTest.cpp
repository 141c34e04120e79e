// Reading the probe's records: every kind, and the bounds on what comes from another process.

#include "detbench/trace/TraceRecords.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"

namespace detbench::trace {
namespace {

TEST(TraceRecords, ReadsAnOp) {
  const TraceEvent e = parseTraceRecord(
      R"({"t":"op","i":29,"op":"aten::index_put_","s":4,)"
      R"("in":[["0x00000000000000ff","float32",[8,64],"cpu",4],[null,"float32",[2],"cpu",1]],)"
      R"("out":[["0xffffffffffffffff","float32",[8,64],"cuda:0",2]],"a":{"accumulate":true,"p":0.5}})");
  const auto* op = std::get_if<TraceOp>(&e);
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->seq, 29);
  EXPECT_EQ(op->name, "aten::index_put_");
  EXPECT_EQ(op->site, 4);
  EXPECT_TRUE(op->digested);
  ASSERT_EQ(op->inputs.size(), 2u);
  EXPECT_EQ(op->inputs[0].digest, 0xffu);
  EXPECT_EQ(op->inputs[0].shape, (Shape{8, 64}));
  EXPECT_FALSE(op->inputs[1].digest.has_value());
  EXPECT_TRUE(op->inputs[0].assembled);
  EXPECT_FALSE(op->inputs[0].uninitialized);
  EXPECT_TRUE(op->inputs[1].uninitialized);
  EXPECT_FALSE(op->inputs[1].assembled);
  EXPECT_EQ(op->outputs[0].digest, 0xffffffffffffffffULL);
  EXPECT_EQ(op->outputs[0].device, "cuda:0");
  EXPECT_TRUE(op->outputs[0].opaque);
  ASSERT_EQ(op->scalars.size(), 2u);
  EXPECT_EQ(op->scalars[0], (std::pair<std::string, std::string>{"accumulate", "true"}));
}

TEST(TraceRecords, ReadsTheKernelsOfACallOfCompiledCode) {
  const auto op = std::get<TraceOp>(parseTraceRecord(
      R"({"t":"op","i":2,"op":"compiled::step","s":1,"in":[[null,"f",[1],"cpu",16]],"out":[],)"
      R"("k":[["cpp_fused_relu_0","0x0000000000000001"],["cpp_fused_rand_1","0x00000000000000ff"]],)"
      R"("kn":5,"compiled":1,"cc":1})"));
  ASSERT_EQ(op.kernels.size(), 2u);
  EXPECT_EQ(op.kernels[1], (TraceKernel{"cpp_fused_rand_1", 0xff}));
  EXPECT_EQ(op.kernelCalls, 5);
  EXPECT_TRUE(op.fromCompiledCode);
  EXPECT_TRUE(op.inputs.at(0).madeByCompiledCode);
  EXPECT_FALSE(op.inputs.at(0).inSharedMemory);
  const auto shared = std::get<TraceOp>(parseTraceRecord(
      R"({"t":"op","i":3,"op":"aten::mul.Tensor","s":1,"in":[[null,"f",[1],"cpu",32]],"out":[]})"));
  EXPECT_TRUE(shared.inputs.at(0).inSharedMemory);
  EXPECT_FALSE(shared.inputs.at(0).madeByCompiledCode);
  // Fewer calls than kernels listed, or a kernel without its digest, is refused.
  for (
      const char* line : {
          R"({"t":"op","i":2,"op":"c","s":1,"in":[],"out":[],"k":[["a","0x0000000000000001"]],"kn":0})",
          R"({"t":"op","i":2,"op":"c","s":1,"in":[],"out":[],"k":[["a"]],"kn":1})",
      }) {
    EXPECT_THROW(parseTraceRecord(line), InvalidArgument) << line;
  }
}

TEST(TraceRecords, AnOpOutsideTheWindowHasItsNameOnly) {
  const auto op = std::get<TraceOp>(parseTraceRecord(R"({"t":"op","i":3,"op":"aten::mm"})"));
  EXPECT_FALSE(op.digested);
  EXPECT_TRUE(op.inputs.empty());
}

TEST(TraceRecords, ReadsTheOtherKinds) {
  const auto site = std::get<TraceSite>(
      parseTraceRecord(R"({"t":"site","s":1,"file":"/a/train.py","line":41,"fn":"<module>"})"));
  EXPECT_EQ(site, (TraceSite{1, "/a/train.py", 41, "<module>"}));
  const auto start = std::get<TraceStart>(parseTraceRecord(
      R"({"t":"start","v":2,"run":2,"pid":77,"python":"3.11.2","torch":"1.13.0a0","threads":2,)"
      R"("deterministic":true,"applied":{"seed":0}})"));
  EXPECT_EQ(start.run, 2);
  EXPECT_TRUE(start.deterministic);
  EXPECT_EQ(start.applied.at(0).second, "0");
  const auto end = std::get<TraceEnd>(parseTraceRecord(
      R"({"t":"end","ops":9,"status":"exception","type":"RuntimeError","message":"x",)"
      R"("where":["/a/t.py",3,"f"],"rss":123456})"));
  EXPECT_EQ(end.status, "exception");
  EXPECT_EQ(end.peakRssKiB, 123456);
  ASSERT_TRUE(end.where.has_value());
  EXPECT_EQ(end.where->line, 3);
  const auto raised = std::get<TraceRaise>(parseTraceRecord(
      R"({"t":"raise","i":5,"op":"aten::index_add_","s":2,"type":"RuntimeError","message":"m"})"));
  EXPECT_EQ(raised.seq, 5);
  const auto kept = std::get<TraceKept>(parseTraceRecord(
      R"({"t":"kept","i":5,"j":0,"file":"r1-op5-out0.bin","dtype":"float32","shape":[3]})"));
  EXPECT_EQ(kept.file, "r1-op5-out0.bin");
  const auto fatal =
      std::get<TraceFatal>(parseTraceRecord(R"({"t":"fatal","why":"no_torch","detail":"d"})"));
  EXPECT_EQ(fatal.why, "no_torch");
  EXPECT_EQ(std::get<TraceWarning>(parseTraceRecord(R"({"t":"warn","i":4,"message":"w"})")).seq, 4);
}

TEST(TraceRecords, ReadsARankAndAStartedProcesssStart) {
  const auto rank = std::get<TraceRank>(
      parseTraceRecord(R"({"t":"rank","rank":2,"world":4,"local":null,"backend":"nccl"})"));
  EXPECT_EQ(rank.rank, 2);
  EXPECT_EQ(rank.world, 4);
  EXPECT_EQ(rank.localRank, -1);
  EXPECT_EQ(rank.backend, "nccl");
  const auto bare = std::get<TraceRank>(parseTraceRecord(R"({"t":"rank","rank":0})"));
  EXPECT_EQ(bare.world, 0);
  EXPECT_TRUE(bare.backend.empty());
  EXPECT_THROW(parseTraceRecord(R"({"t":"rank","rank":-1})"), InvalidArgument);
  const auto start = std::get<TraceStart>(parseTraceRecord(
      R"({"t":"start","v":2,"run":2,"pid":41,"python":"3.11.2","torch":"2.15.0","threads":1,)"
      R"("deterministic":false,"applied":{},"ppid":40,"forked":1})"));
  EXPECT_EQ(start.parentPid, 40);
  EXPECT_TRUE(start.forked);
}

TEST(TraceRecords, ReadsWhereAPoolWorkersTaskBeginsAndEnds) {
  const auto task = std::get<TraceTask>(parseTraceRecord(
      R"({"t":"task","key":"pool:0.3","label":"task 0.3: work","worker":"ForkPoolWorker-2"})"));
  EXPECT_EQ(task.key, "pool:0.3");
  EXPECT_EQ(task.label, "task 0.3: work");
  EXPECT_EQ(task.worker, "ForkPoolWorker-2");
  EXPECT_EQ(task.owner, 0);  // not said
  EXPECT_EQ(std::get<TraceTask>(parseTraceRecord(R"({"t":"task","key":"pool:0","label":"t",)"
                                                 R"("worker":"w","owner":4242})"))
                .owner,
            4242);
  EXPECT_THROW(
      parseTraceRecord(R"({"t":"task","key":"pool:0","label":"t","worker":"w","owner":-1})"),
      InvalidArgument);
  EXPECT_TRUE(task.ownerKey.empty());
  EXPECT_EQ(std::get<TraceTask>(parseTraceRecord(R"({"t":"task","key":"pool:0","label":"t",)"
                                                 R"("worker":"w","owner":7,)"
                                                 R"("owner_key":"process:s1"})"))
                .ownerKey,
            "process:s1");
  for (const char* bad : {R"("pool:0")", R"("process:")", "3"}) {
    EXPECT_THROW(parseTraceRecord(std::string(R"({"t":"task","key":"pool:0","label":"t",)") +
                                  R"("worker":"w","owner":7,"owner_key":)" + bad + "}"),
                 InvalidArgument)
        << bad;
  }
  const auto ended = std::get<TraceTask>(parseTraceRecord(R"({"t":"task","key":null})"));
  EXPECT_TRUE(ended.key.empty());
  EXPECT_THROW(parseTraceRecord(R"({"t":"task","key":"","label":"x","worker":"w"})"),
               InvalidArgument);
  EXPECT_THROW(parseTraceRecord(R"({"t":"task","key":"pool:1"})"), InvalidArgument);
}

TEST(TraceRecords, ReadsTheExitCodeAParentSaysOfItsCommand) {
  const auto exited =
      std::get<TraceExited>(parseTraceRecord(R"({"t":"exited","pid":42,"code":3})"));
  EXPECT_EQ(exited.pid, 42);
  EXPECT_EQ(exited.code, 3);
  EXPECT_EQ(std::get<TraceExited>(parseTraceRecord(R"({"t":"exited","pid":42,"code":-9})")).code,
            -9);
  EXPECT_THROW(parseTraceRecord(R"({"t":"exited","pid":0,"code":3})"), InvalidArgument);
  EXPECT_THROW(parseTraceRecord(R"({"t":"exited","pid":42,"code":256})"), InvalidArgument);
  EXPECT_THROW(parseTraceRecord(R"({"t":"exited","pid":42})"), InvalidArgument);
}

TEST(TraceRecords, ANumberAnOpHandsToPythonIsAmongItsScalars) {
  const auto op = std::get<TraceOp>(parseTraceRecord(
      R"({"t":"op","i":1,"op":"aten::_local_scalar_dense","s":0,"in":[],"out":[],"v":0.5})"));
  ASSERT_EQ(op.scalars.size(), 1u);
  EXPECT_EQ(op.scalars[0].first, kReturnedValue);
  EXPECT_EQ(op.scalars[0].second, "0.5");
  // A float that is not finite comes as a string, as among the arguments.
  const auto nan = std::get<TraceOp>(parseTraceRecord(
      R"({"t":"op","i":1,"op":"aten::_local_scalar_dense","s":0,"in":[],"out":[],"v":"nan"})"));
  ASSERT_EQ(nan.scalars.size(), 1u);
  EXPECT_EQ(nan.scalars[0].second, "\"nan\"");
  EXPECT_THROW(
      parseTraceRecord(R"({"t":"op","i":1,"op":"aten::equal","s":0,"in":[],"out":[],"v":[1]})"),
      InvalidArgument);
}

TEST(TraceRecords, ReadsAFileAnEarlierRunLeft) {
  const auto f = std::get<TraceFileRead>(
      parseTraceRecord(R"({"t":"file","th":2,"i":40,"path":"/work/state.pt","s":3})"));
  EXPECT_EQ(f.thread, 2);
  EXPECT_EQ(f.seq, 40);
  EXPECT_EQ(f.path, "/work/state.pt");
  EXPECT_EQ(f.site, 3);
  const auto noSite =
      std::get<TraceFileRead>(parseTraceRecord(R"({"t":"file","i":0,"path":"/a"})"));
  EXPECT_EQ(noSite.thread, 0);
  EXPECT_EQ(noSite.site, 0);
  EXPECT_THROW(parseTraceRecord(R"({"t":"file","i":1,"path":""})"), InvalidArgument);
  EXPECT_THROW(parseTraceRecord(R"({"t":"file","i":1})"), InvalidArgument);
  EXPECT_THROW(parseTraceRecord(R"({"t":"file","i":-1,"path":"/a"})"), InvalidArgument);
}

TEST(TraceRecords, AProbeOfAnotherProtocolIsRefused) {
  EXPECT_THROW(parseTraceRecord(R"({"t":"start","v":1,"run":1,"pid":7,"python":"3","torch":"2",)"
                                R"("threads":1,"deterministic":false,"applied":{}})"),
               InvalidArgument);
}

TEST(TraceRecords, LongTextsAreCutOnACharacterBoundary) {
  // 150 sites of 15 MiB each held 2 GB: a text is kept to 4 KiB.
  const std::string file = "/" + std::string(100000, 'a') + "\xc3\xa9" + std::string(10, 'b');
  nlohmann::json j = {{"t", "site"}, {"s", 1}, {"file", file}, {"line", 3}, {"fn", "f"}};
  const TraceEvent e = parseTraceRecord(j.dump());
  const auto& site = std::get<TraceSite>(e);
  EXPECT_LE(site.file.size(), 4096u + 3);
  EXPECT_EQ(site.file.substr(site.file.size() - 3), "...");
}

TEST(TraceRecords, RefusesWhatIsNotARecord) {
  for (const char* line : {
           "",
           "not json",
           "[]",
           R"({"t":"op"})",
           R"({"t":"what","i":1})",
           R"({"t":"op","i":0,"op":"aten::mm"})",    // ops count from 1
           R"({"t":"op","i":1.5,"op":"aten::mm"})",  // not an integer
           R"({"t":"op","i":1,"op":7})",             // not a string
           R"({"t":"op","i":1,"op":"x","s":1,"in":[["0x12","f",[1],"cpu",0]],"out":[]})",  // digest
           R"({"t":"op","i":1,"op":"x","s":1,"in":[[null,"f",[-1],"cpu",0]],"out":[]})",   // size
           R"({"t":"op","i":1,"op":"x","s":1,"in":[[null,"f",[1],"cpu",128]],"out":[]})",  // flags
           R"({"t":"op","i":1,"op":"x","s":1,"in":[],"out":[],"a":{"k":[[1]]}})",          // scalar
           R"({"t":"kept","i":1,"j":0,"file":"../etc/passwd","dtype":"f","shape":[]})",
           R"({"t":"end","ops":1,"status":"maybe"})",
       }) {
    EXPECT_THROW(parseTraceRecord(line), InvalidArgument) << line;
  }
}

TEST(TraceRecords, RefusesDeepNestingBeforeParsing) {
  std::string deep = R"({"t":"op","i":1,"op":"x","s":1,"in":)";
  for (int i = 0; i < 100000; ++i) deep += "[";
  EXPECT_THROW(parseTraceRecord(deep), InvalidArgument);
}

TEST(TraceRecords, RefusesTooManyTensorsAndDimensions) {
  std::string many = R"({"t":"op","i":1,"op":"x","s":1,"out":[],"in":[)";
  for (int i = 0; i < 5000; ++i) many += std::string(i ? "," : "") + R"([null,"f",[1],"cpu",0])";
  many += "]}";
  EXPECT_THROW(parseTraceRecord(many), InvalidArgument);
  std::string dims = R"({"t":"op","i":1,"op":"x","s":1,"out":[],"in":[[null,"f",[)";
  for (int i = 0; i < 65; ++i) dims += std::string(i ? "," : "") + "1";
  dims += R"(],"cpu",0]]})";
  EXPECT_THROW(parseTraceRecord(dims), InvalidArgument);
}

TEST(TraceRecords, KnowsTheDtypeSizes) {
  EXPECT_EQ(traceDtypeSize("float32"), 4u);
  EXPECT_EQ(traceDtypeSize("bfloat16"), 2u);
  EXPECT_EQ(traceDtypeSize("complex128"), 16u);
  EXPECT_EQ(traceDtypeSize("bool"), 1u);
  EXPECT_EQ(traceDtypeSize("quint8"), 0u);
}

}  // namespace
}  // namespace detbench::trace
