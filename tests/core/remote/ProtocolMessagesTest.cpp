// The serve protocol's messages, writer and reader together: what one side writes, the other
// reads back unchanged; what the server reads strictly (unknown fields, a malformed piece) is
// refused.

#include "detbench/remote/ProtocolMessages.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "detbench/base/Error.hpp"
#include "detbench/settings/SettingsJson.hpp"

namespace detbench::remote {
namespace {

using json = nlohmann::ordered_json;

RunRequest sampleRequest() {
  RunRequest r;
  r.op = "index_add";
  r.params = {{"size", 65536}, {"rows", 64}};
  r.device = "cpu";
  r.settings.seed = 18446744073709551615ULL;
  r.settings.deterministic = DeterministicMode::Warn;
  r.settings.threads = 3;
  r.settings.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  r.trials = 7;
  r.warmup = 2;
  r.dataSeed = 99;
  r.label = "a label";
  return r;
}

TEST(ProtocolMessagesTest, ARequestComesBackAsItWent) {
  const RunRequest sent = sampleRequest();
  const json wire = json::parse(requestToJson(sent).dump());
  const RunRequest got = requestFromJson(wire);
  EXPECT_EQ(got.op, sent.op);
  EXPECT_EQ(got.params, sent.params);
  EXPECT_EQ(got.device, sent.device);
  EXPECT_TRUE(got.settings == sent.settings);
  EXPECT_EQ(got.trials, sent.trials);
  EXPECT_EQ(got.warmup, sent.warmup);
  EXPECT_EQ(got.dataSeed, sent.dataSeed);
  EXPECT_EQ(got.label, sent.label);
  EXPECT_EQ(requestToJson(got), requestToJson(sent));
}

TEST(ProtocolMessagesTest, ARequestNamesOnlyWhatItChanges) {
  const RunRequest r = requestFromJson(json::parse(R"({"op":"sum","settings":{"seed":7}})"));
  EXPECT_EQ(r.op, "sum");
  EXPECT_EQ(r.device, "cpu-threads");
  EXPECT_EQ(r.trials, 50);
  EXPECT_EQ(r.settings.seed, 7u);
  EXPECT_EQ(r.settings.deterministic, DeterministicMode::Off);
}

TEST(ProtocolMessagesTest, TheServerReadsRequestsStrictly) {
  for (const char* bad :
       {R"([])", R"({})", R"({"op":"sum","shell":"rm -rf /"})",
        R"({"op":"sum","params":{"size":1.5}})", R"({"op":"sum","params":[]})",
        R"({"op":"sum","settings":{"nosuch":1}})", R"({"op":"sum","settings":3})"}) {
    EXPECT_THROW(requestFromJson(json::parse(bad)), InvalidArgument) << bad;
  }
}

// Numbers as the command line takes them, never truncated or wrapped.
TEST(ProtocolMessagesTest, NumbersAreCheckedAsOnTheCommandLine) {
  for (const char* bad : {
           R"({"op":"sum","trials":5.5})",
           R"({"op":"sum","trials":4294967298})",
           R"({"op":"sum","trials":0})",
           R"({"op":"sum","trials":10000001})",
           R"({"op":"sum","trials":"5"})",
           R"({"op":"sum","warmup":4294967296})",
           R"({"op":"sum","warmup":-1})",
           R"({"op":"sum","data_seed":-1})",
           R"({"op":"sum","data_seed":18446744073709551616})",
           R"({"op":"sum","data_seed":1.0})",
           R"({"op":"sum","params":{"size":9223372036854775808}})",
           R"({"op":"sum","settings":{"seed":-1}})",
           R"({"op":"sum","settings":{"threads":2.5}})",
       }) {
    EXPECT_THROW(requestFromJson(json::parse(bad)), InvalidArgument) << bad;
  }
  const RunRequest edge = requestFromJson(
      json::parse(R"({"op":"sum","trials":10000000,"warmup":0,"data_seed":18446744073709551615})"));
  EXPECT_EQ(edge.trials, 10000000);
  EXPECT_EQ(edge.dataSeed, 18446744073709551615ULL);
  for (const char* bad :
       {R"({"axis":"threads","threads":[1.5,2]})", R"({"axis":"threads","threads":[4294967297]})",
        R"({"axis":"threads","threads":[0]})", R"({"axis":"threads","threads":3})",
        R"({"axis":"batches","batches":[2.0]})", R"({"axis":"batches","batches":[-1]})",
        R"({"axis":"batches","batches":[1099511627777]})"}) {
    EXPECT_THROW(planFromJson(json::parse(bad)), InvalidArgument) << bad;
  }
}

// A line nested past the limit is refused before it is parsed.
TEST(ProtocolMessagesTest, ALineNestedPastTheLimitIsRefusedBeforeItIsParsed) {
  std::string deep = R"({"type":"run","id":3,"request":{"op":"sum","settings":{"seed":)";
  deep.append(100000, '[').append(100000, ']').append("}}}");
  EXPECT_THROW(parseMessage(deep), InvalidArgument);
  EXPECT_TRUE(parseMessage("not json").is_discarded());
  EXPECT_EQ(parseMessage(R"({"type":"env","id":1})")["type"], "env");
  const std::string ok = std::string(60, '[') + std::string(60, ']');
  EXPECT_FALSE(parseMessage(ok).is_discarded());
}

// An error names what it refuses with no more than a little of it.
TEST(ProtocolMessagesTest, RefusedNamesAreCut) {
  const std::string key(100000, 'k');
  try {
    requestFromJson(json{{"op", "sum"}, {key, 1}});
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_LT(e.message().size(), 200u);
  }
}

TEST(ProtocolMessagesTest, ConfigurationsComeBackAsTheyWent) {
  std::vector<SweepConfig> sent = parseSweepConfigs("default,deterministic,atomic", Settings{});
  const auto got = configsFromJson(json::parse(configsToJson(sent).dump()));
  ASSERT_EQ(got.size(), sent.size());
  for (std::size_t i = 0; i < sent.size(); ++i) {
    EXPECT_EQ(got[i].name, sent[i].name);
    EXPECT_TRUE(got[i].settings == sent[i].settings) << sent[i].name;
  }
  EXPECT_THROW(configsFromJson(json::array()), InvalidArgument);
  EXPECT_THROW(configsFromJson(json::parse(R"([{"settings":{}}])")), InvalidArgument);
  EXPECT_THROW(configsFromJson(json::parse(R"([{"name":"a","extra":1}])")), InvalidArgument);
  json many = json::array();
  for (std::size_t i = 0; i <= kMaxConfigurations; ++i) many.push_back({{"name", "c"}});
  EXPECT_THROW(configsFromJson(many), InvalidArgument);
}

TEST(ProtocolMessagesTest, PlansComeBackAsTheyWentOnEveryAxis) {
  InvariancePlan threads;
  threads.axis = InvarianceAxis::Threads;
  threads.threads = {1, 2, 8};
  InvariancePlan devices;
  devices.axis = InvarianceAxis::Devices;
  devices.devices = {"cpu", "cpu-threads"};
  InvariancePlan batches;
  batches.axis = InvarianceAxis::Batches;
  batches.batches = {1, 4, 16};
  batches.otherRows = true;
  for (const InvariancePlan& sent : {threads, devices, batches}) {
    const InvariancePlan got = planFromJson(json::parse(planToJson(sent).dump()));
    EXPECT_EQ(got.axis, sent.axis);
    EXPECT_EQ(got.threads, sent.threads);
    EXPECT_EQ(got.devices, sent.devices);
    EXPECT_EQ(got.batches, sent.batches);
    EXPECT_EQ(got.otherRows, sent.otherRows);
  }
  EXPECT_THROW(planFromJson(json::parse(R"({"threads":[1]})")), InvalidArgument);
  EXPECT_THROW(planFromJson(json::parse(R"({"axis":"colours"})")), InvalidArgument);
  EXPECT_THROW(planFromJson(json::parse(R"({"axis":"threads","more":1})")), InvalidArgument);
}

TEST(ProtocolMessagesTest, RecordsComeBackAsTheyWentInfinityAndNaNIncluded) {
  for (const double diff : {0.0, 1.5e-7, std::numeric_limits<double>::infinity(), std::nan("")}) {
    TrialRecord sent;
    sent.index = 12;
    sent.timeNs = 987654321;
    sent.digest = 0xfedcba9876543210ULL;
    sent.maxAbsDiff = diff;
    sent.maxUlp = 18446744073709551615ULL;
    sent.nDiff = 3;
    sent.ulpHistogram = {0, 2, 1};
    const TrialRecord got = recordFromJson(json::parse(recordToJson(sent).dump()));
    EXPECT_EQ(got.index, sent.index);
    EXPECT_EQ(got.timeNs, sent.timeNs);
    EXPECT_EQ(got.digest, sent.digest);
    if (std::isnan(diff)) {
      EXPECT_TRUE(std::isnan(got.maxAbsDiff));
    } else {
      EXPECT_EQ(got.maxAbsDiff, diff);
    }
    EXPECT_EQ(got.maxUlp, sent.maxUlp);
    EXPECT_EQ(got.nDiff, sent.nDiff);
    EXPECT_EQ(got.ulpHistogram, sent.ulpHistogram);  // the plot of element distances
  }
  // A record equal to trial 0 carries none.
  EXPECT_FALSE(recordToJson(TrialRecord{}).contains("ulp_histogram"));
  EXPECT_THROW(
      recordFromJson(json::parse(
          R"({"index":0,"time_ns":1,"digest":"zz","max_abs_diff":0,"max_ulp":0,"n_diff":0})")),
      InvalidArgument);
}

TEST(ProtocolMessagesTest, ATensorComesBackPieceByPiece) {
  // More than two pieces: kIoChunkBytes is 768 KiB.
  HostTensor t({3, 100000}, DType::Float64);
  const auto values = t.as<double>();
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i) * 0.25;
  std::vector<std::byte> joined;
  int pieces = 0;
  for (std::size_t offset = 0; offset < t.bytes(); ++pieces) {
    const IoMessage m =
        ioFromJson(json::parse(ioToJson(json(4), "x_trial0", "output", t, offset).dump()));
    EXPECT_EQ(m.name, "x_trial0");
    EXPECT_EQ(m.role, "output");
    EXPECT_EQ(m.dtype, DType::Float64);
    EXPECT_EQ(m.shape, t.shape());
    EXPECT_EQ(m.bytes, t.bytes());
    EXPECT_EQ(m.offset, offset);
    ASSERT_LE(m.data.size(), kIoChunkBytes);
    ASSERT_GT(m.data.size(), 0u);
    joined.insert(joined.end(), m.data.begin(), m.data.end());
    offset += m.data.size();
  }
  EXPECT_EQ(pieces, 4);
  ASSERT_EQ(joined.size(), t.bytes());
  EXPECT_EQ(std::memcmp(joined.data(), t.raw(), t.bytes()), 0);

  json bad = ioToJson(json(4), "x", "input", t, 0);
  bad["name"] = "../../etc/passwd";
  EXPECT_THROW(ioFromJson(bad), InvalidArgument);
  bad = ioToJson(json(4), "x", "input", t, 0);
  bad["dtype"] = "complex128";
  EXPECT_THROW(ioFromJson(bad), InvalidArgument);
  bad = ioToJson(json(4), "x", "input", t, 0);
  bad["data"] = "not base64!";
  EXPECT_THROW(ioFromJson(bad), InvalidArgument);
}

TEST(ProtocolMessagesTest, ADemosEndComesBackAsItWent) {
  DemoMessage sent;
  sent.name = "float-atomics";
  sent.asExpected = true;
  sent.cancelled = false;
  sent.text = "what it showed\n";
  sent.report = {{"scenario", "float-atomics"}, {"steps", json::array({1, 2})}};
  sent.markdown = "# float-atomics\n";
  const json wire = json::parse(demoToJson(json("d"), sent).dump());
  EXPECT_EQ(wire["type"], "demo");
  EXPECT_EQ(wire["id"], "d");
  const DemoMessage got = demoFromJson(wire);
  EXPECT_EQ(got.name, sent.name);
  EXPECT_EQ(got.asExpected, sent.asExpected);
  EXPECT_EQ(got.cancelled, sent.cancelled);
  EXPECT_EQ(got.text, sent.text);
  EXPECT_EQ(got.report, sent.report);
  EXPECT_EQ(got.markdown, sent.markdown);
}

TEST(ProtocolMessagesTest, AnErrorSaysItsIdKindAndMessage) {
  const json e = errorToJson(json(), "InvalidArgument", "no");
  EXPECT_EQ(e.dump(), R"({"id":null,"type":"error","kind":"InvalidArgument","message":"no"})");
}

}  // namespace
}  // namespace detbench::remote
